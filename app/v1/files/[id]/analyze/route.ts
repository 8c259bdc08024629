import { route } from "@/lib/api/route";
import { analyzeFileContract } from "@/lib/contracts/search";
import { getBlobStore } from "@/lib/files/blob-store";
import { analyzeStoredFile } from "@/lib/search/analyze-stored-file";

export const POST = route(analyzeFileContract, async ({ db, workspace, params }) => {
  const { file, version, metadata } = await analyzeStoredFile(db, getBlobStore(), workspace.id, params.id);
  return { file_id: file.id, version_id: version.id, metadata };
});
