import { z } from "zod";
import { searchFiles } from "@/lib/search/search-files";
import { searchFilesContract } from "@/lib/contracts/search";
import { dashboardRoute } from "@/app/(dashboard)/dashboard-pipeline";

const query = z.object({ q: z.string({ error: "`q` must be 1 to 500 characters." }).trim().min(1).max(500) });

/** Search-as-you-type for the files page; the same engine and plan as POST /v1/search. */
export const GET = dashboardRoute(
  { permission: "view", mirrors: searchFilesContract, query },
  async ({ db, workspace, query }) => {
    const { hits, interpretation } = await searchFiles(db, workspace.id, { query: query.q, limit: 10 });
    return {
      results: hits.map((h) => ({
        id: h.file.id,
        name: h.file.name,
        format: h.file.format,
        score: h.score,
        matched_fields: h.matchedFields,
        highlights: h.highlights,
      })),
      interpretation,
    };
  },
);
