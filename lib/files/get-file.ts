import { and, eq, sql } from "drizzle-orm";
import { files, fileVersions } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { preparedPerConnection } from "@/lib/db/prepared";
import { DomainError } from "@/lib/errors";

export type FileRow = typeof files.$inferSelect;
export type FileVersionRow = typeof fileVersions.$inferSelect;

const selectFile = preparedPerConnection((db) =>
  db
    .select()
    .from(files)
    .where(and(eq(files.id, sql.placeholder("fileId")), eq(files.workspaceId, sql.placeholder("workspaceId"))))
    .prepare(),
);

/** A file of this workspace; another workspace's id is indistinguishable from an unknown one (404). */
export function getFile(db: Db, workspaceId: string, fileId: string): FileRow {
  const file = selectFile(db).get({ fileId, workspaceId });
  if (!file) throw new DomainError("not_found", `No file ${fileId} in this workspace.`, { param: "id" });
  return file;
}

/** The file and one of its versions: the latest unless a version number or id is given. */
export function getFileVersion(
  db: Db,
  workspaceId: string,
  fileId: string,
  version?: number | string,
): { file: FileRow; version: FileVersionRow } {
  const file = getFile(db, workspaceId, fileId);
  const match =
    version === undefined
      ? eq(fileVersions.id, file.currentVersionId)
      : typeof version === "number"
        ? and(eq(fileVersions.fileId, file.id), eq(fileVersions.number, version))
        : and(eq(fileVersions.fileId, file.id), eq(fileVersions.id, version));
  const row = db.select().from(fileVersions).where(match).get();
  if (!row) throw new DomainError("not_found", `File ${fileId} has no version ${version}.`, { param: "version" });
  return { file, version: row };
}
