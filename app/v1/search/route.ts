import { route } from "@/lib/api/route";
import { searchFiles } from "@/lib/contracts/search";
import { searchFiles as runSearch } from "@/lib/search/search-files";
import { serializeFile } from "@/lib/files/serialize-file";

export const POST = route(searchFiles, ({ db, workspace, body }) => {
  const { hits, interpretation } = runSearch(db, workspace.id, body);
  return {
    results: hits.map((h) => ({
      file: serializeFile(h.file),
      score: h.score,
      matched_fields: h.matchedFields,
      highlights: h.highlights,
      match: h.match,
      metadata: h.metadata,
    })),
    interpretation,
  };
});
