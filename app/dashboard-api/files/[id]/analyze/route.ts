import { getBlobStore } from "@/lib/files/blob-store";
import { analyzeStoredFile } from "@/lib/search/analyze-stored-file";
import { analyzeFileContract } from "@/lib/contracts/search";
import { dashboardRoute } from "@/app/(dashboard)/dashboard-pipeline";
import { fileParams } from "../../file-params";

/** The file page's Analyze button: the same analysis (and indexing) and plan as POST /v1/files/{id}/analyze. */
export const POST = dashboardRoute(
  { permission: "edit_files", mirrors: analyzeFileContract, params: fileParams },
  async ({ db, workspace, params }) => {
    const { file, version, metadata } = await analyzeStoredFile(db, getBlobStore(), workspace.id, params.id);
    return { file_id: file.id, version_id: version.id, metadata };
  },
);
