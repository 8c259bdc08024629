import { route } from "@/lib/api/route";
import { searchFilesContract } from "@/lib/contracts/search";
import { searchFiles } from "@/lib/search/search-files";
import { serializeFile } from "@/lib/files/serialize-file";

export const POST = route(searchFilesContract, async ({ db, workspace, body }) => {
  const { hits, interpretation } = await searchFiles(db, workspace.id, body);
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
