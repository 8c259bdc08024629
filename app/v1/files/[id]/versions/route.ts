import { route } from "@/lib/api/route";
import { listVersionsContract, uploadVersionContract } from "@/lib/contracts/files";
import { listVersions } from "@/lib/files/list-versions";
import { uploadFileVersion } from "@/lib/files/upload-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { multipartBody } from "@/lib/api/multipart-body";
import { serializeFile, serializeVersion } from "@/lib/files/serialize-file";

export const POST = route(uploadVersionContract, async ({ db, request, workspace, key, params }) => {
  const { file, version } = await uploadFileVersion(db, getBlobStore(), {
    body: multipartBody(request),
    workspace,
    actor: key.id,
    fileId: params.id,
  });
  return { file: serializeFile(file), version: serializeVersion(version) };
});

export const GET = route(
  listVersionsContract,
  async ({ db, workspace, params }) => await listVersions(db, workspace.id, params.id),
);
