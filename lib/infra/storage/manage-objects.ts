import fs from "node:fs";
import { Readable } from "node:stream";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { blobPath, deleteObjectRow, findObject, listObjectRows, putObjectStream, type ObjectRow } from "./object-store";

/** The /v1/storage REST view of the one object store the S3 endpoint also uses. */
export interface ObjectInfo {
  key: string;
  size_bytes: number;
  modified_at: string;
}

const info = (row: ObjectRow): ObjectInfo => ({
  key: row.key,
  size_bytes: row.sizeBytes,
  modified_at: row.modifiedAt.toISOString(),
});

export async function putObject(
  db: Db,
  workspaceId: string,
  bucket: string,
  key: string,
  bytes: Buffer,
): Promise<ObjectInfo & { sha256: string }> {
  const row = await putObjectStream(db, workspaceId, bucket, key, Readable.from([bytes]), {
    expectedLength: bytes.length,
    sha256: true,
  });
  return { ...info(row), sha256: row.sha256! };
}

export async function readObject(
  db: Db,
  workspaceId: string,
  bucket: string,
  key: string,
): Promise<{ info: ObjectInfo; stream: () => fs.ReadStream }> {
  const row = await findObject(db, workspaceId, bucket, key);
  // Opened by the caller right away: an overwrite unlinks this blob, but an open file stays readable.
  return { info: info(row), stream: () => fs.createReadStream(blobPath(row)) };
}

export async function deleteObject(db: Db, workspaceId: string, bucket: string, key: string): Promise<void> {
  if (!(await deleteObjectRow(db, workspaceId, bucket, key)))
    throw new DomainError("not_found", `No object \`${key}\` in bucket ${bucket}.`, { param: "key" });
}

/** Keys in sorted order after `cursor` (the last key of the previous page), optionally under a prefix. */
export async function listObjects(
  db: Db,
  workspaceId: string,
  bucket: string,
  query: { prefix?: string; limit: number; cursor?: string },
) {
  const page = await listObjectRows(db, workspaceId, bucket, {
    prefix: query.prefix,
    after: query.cursor,
    maxKeys: query.limit,
  });
  return { items: page.objects.map(info), nextCursor: page.next };
}
