import { route } from "@/lib/api/route";
import { uploadVersion } from "@/lib/contracts/files";
import { uploadFileVersion } from "@/lib/files/upload-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { serializeFile, serializeVersion } from "@/lib/files/serialize-file";

export const POST = route(uploadVersion, async ({ db, request, workspace, key, params }) => {
  const { file, version } = await uploadFileVersion(db, getBlobStore(), { request, workspace, actor: key.id, fileId: params.id });
  return { file: serializeFile(file), version: serializeVersion(version) };
});
