import { route } from "@/lib/api/route";
import { deleteFile, getFile, updateFile } from "@/lib/contracts/files";
import { getFileVersion } from "@/lib/files/get-file";
import { deleteFile as removeFile, updateFile as patchFile } from "@/lib/files/update-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { serializeFile, serializeVersion } from "@/lib/files/serialize-file";

export const GET = route(getFile, ({ db, workspace, params }) => {
  const { file, version } = getFileVersion(db, workspace.id, params.id);
  return { file: serializeFile(file), version: serializeVersion(version) };
});

export const PATCH = route(updateFile, ({ db, workspace, params, body }) =>
  serializeFile(patchFile(db, workspace.id, params.id, body)),
);

export const DELETE = route(deleteFile, async ({ db, workspace, params }) => {
  const file = await removeFile(db, getBlobStore(), workspace.id, params.id);
  return { id: file.id, deleted: true as const };
});
