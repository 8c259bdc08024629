import { route } from "@/lib/api/route";
import { deleteFileContract, getFileContract, updateFileContract } from "@/lib/contracts/files";
import { getFileVersion } from "@/lib/files/get-file";
import { deleteFile, updateFile } from "@/lib/files/update-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { serializeFile, serializeVersion } from "@/lib/files/serialize-file";

export const GET = route(getFileContract, async ({ db, workspace, params }) => {
  const { file, version } = await getFileVersion(db, workspace.id, params.id);
  return { file: serializeFile(file), version: serializeVersion(version) };
});

export const PATCH = route(updateFileContract, async ({ db, workspace, params, body }) =>
  serializeFile(await updateFile(db, workspace.id, params.id, body)),
);

export const DELETE = route(deleteFileContract, async ({ db, workspace, params }) => {
  const file = await deleteFile(db, getBlobStore(), workspace.id, params.id);
  return { id: file.id, deleted: true as const };
});
