import { and, eq, sql } from "drizzle-orm";
import { files, fileVersions } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { preparedPerConnection } from "@/lib/db/prepared";
import { DomainError } from "@/lib/errors";

export type FileRow = typeof files.$inferSelect;
export type FileVersionRow = typeof fileVersions.$inferSelect;

/** A file of this workspace; another workspace's id is indistinguishable from an unknown one (404). */
const selectFile = preparedPerConnection("select_file", (db) =>
  db
    .select()
    .from(files)
    .where(and(eq(files.id, sql.placeholder("fileId")), eq(files.workspaceId, sql.placeholder("workspaceId"))))
    .limit(1),
);

export async function getFile(db: Db, workspaceId: string, fileId: string): Promise<FileRow> {
  const [file] = await selectFile(db).execute({ fileId, workspaceId });
  if (!file) throw new DomainError("not_found", `No file ${fileId} in this workspace.`, { param: "id" });
  return file;
}

/** The file and one of its versions: the latest unless a version number or id is given. */
export async function getFileVersion(
  db: Db,
  workspaceId: string,
  fileId: string,
  version?: number | string,
): Promise<{ file: FileRow; version: FileVersionRow }> {
  const file = await getFile(db, workspaceId, fileId);
  return { file, version: await getVersionOf(db, file, version) };
}

/** A version of a file already read: the current one unless a version number or id is given. */
export async function getVersionOf(db: Db, file: FileRow, version?: number | string): Promise<FileVersionRow> {
  const match =
    version === undefined
      ? eq(fileVersions.id, file.currentVersionId)
      : typeof version === "number"
        ? and(eq(fileVersions.fileId, file.id), eq(fileVersions.number, version))
        : and(eq(fileVersions.fileId, file.id), eq(fileVersions.id, version));
  const row = (await db.select().from(fileVersions).where(match).limit(1))[0];
  if (!row) throw new DomainError("not_found", `File ${file.id} has no version ${version}.`, { param: "version" });
  return row;
}
