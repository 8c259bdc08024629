import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { listFilesContract, uploadFileContract } from "@/lib/contracts/files";
import { listFiles } from "@/lib/files/list-files";
import { uploadNewFile } from "@/lib/files/upload-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { multipartBody } from "@/lib/api/multipart-body";
import { serializeFile, serializeVersion } from "@/lib/files/serialize-file";

export const GET = route(listFilesContract, async ({ db, workspace, query }) => {
  const { data, nextCursor } = await listFiles(db, workspace.id, {
    ...query,
    createdAfter: query.created_after,
    createdBefore: query.created_before,
  });
  return new Page(data.map(serializeFile), nextCursor);
});

export const POST = route(uploadFileContract, async ({ db, request, workspace, key }) => {
  const { file, version } = await uploadNewFile(db, getBlobStore(), {
    body: multipartBody(request),
    workspace,
    actor: key.id,
  });
  return { file: serializeFile(file), version: serializeVersion(version) };
});
