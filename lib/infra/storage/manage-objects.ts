import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { randomToken } from "@/lib/ids";
import { dataPath } from "@/lib/config";
import { bucketDir, getBucket } from "./manage-buckets";

export interface ObjectInfo {
  key: string;
  size_bytes: number;
  modified_at: string;
}

/**
 * An object key maps to a file path inside the bucket folder: "/"-separated
 * segments, none empty, "." or "..", no control characters or backslashes, so
 * a key can never point outside its bucket.
 */
function objectPath(bucket: string, key: string): string {
  const segments = key.split("/");
  if (
    Buffer.byteLength(key) > 1024 ||
    segments.some((s) => s === "" || s === "." || s === ".." || s.length > 255) ||
    /[\x00-\x1f\x7f\\]/.test(key)
  ) {
    throw new DomainError(
      "invalid_request",
      "Object keys are 1–1024 bytes of `/`-separated names, none empty, `.` or `..`, without control characters or backslashes.",
      { param: "key" },
    );
  }
  const root = bucketDir(bucket);
  const full = path.join(root, ...segments);
  if (!full.startsWith(root + path.sep))
    throw new DomainError("invalid_request", "The key leaves the bucket.", { param: "key" });
  return full;
}

function info(key: string, stat: fs.Stats): ObjectInfo {
  return { key, size_bytes: stat.size, modified_at: stat.mtime.toISOString() };
}

/** Written to a temp file outside the bucket and renamed in, so readers never see half an object. */
export function putObject(
  db: Db,
  workspaceId: string,
  bucket: string,
  key: string,
  bytes: Buffer,
): ObjectInfo & { sha256: string } {
  getBucket(db, workspaceId, bucket);
  const target = objectPath(bucket, key);
  if (fs.existsSync(target) && fs.statSync(target).isDirectory()) {
    throw new DomainError("conflict", `\`${key}\` is a prefix of other objects.`, { param: "key" });
  }
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
  } catch {
    throw new DomainError("conflict", `A prefix of \`${key}\` is itself an object.`, { param: "key" });
  }
  const tmpDir = dataPath("tmp");
  fs.mkdirSync(tmpDir, { recursive: true });
  const tmp = path.join(tmpDir, `object-${randomToken(16)}`);
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, target);
  return { ...info(key, fs.statSync(target)), sha256: createHash("sha256").update(bytes).digest("hex") };
}

export function readObject(
  db: Db,
  workspaceId: string,
  bucket: string,
  key: string,
): { info: ObjectInfo; path: string } {
  getBucket(db, workspaceId, bucket);
  const file = objectPath(bucket, key);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat?.isFile())
    throw new DomainError("not_found", `No object \`${key}\` in bucket ${bucket}.`, { param: "key" });
  return { info: info(key, stat), path: file };
}

/** Also removes folders the deletion left empty, so "prefixes" vanish with their last object as on S3. */
export function deleteObject(db: Db, workspaceId: string, bucket: string, key: string): void {
  const { path: file } = readObject(db, workspaceId, bucket, key);
  fs.rmSync(file);
  const root = bucketDir(bucket);
  for (let dir = path.dirname(file); dir !== root && fs.readdirSync(dir).length === 0; dir = path.dirname(dir))
    fs.rmdirSync(dir);
}

/** Keys in sorted order after `cursor` (the last key of the previous page), optionally under a prefix. */
export function listObjects(
  db: Db,
  workspaceId: string,
  bucket: string,
  query: { prefix?: string; limit: number; cursor?: string },
) {
  getBucket(db, workspaceId, bucket);
  const root = bucketDir(bucket);
  const all: ObjectInfo[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const key = `${prefix}${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${key}/`);
      else if (entry.isFile()) all.push(info(key, fs.statSync(path.join(dir, entry.name))));
    }
  };
  walk(root, "");
  const matching = all
    .filter((o) => (!query.prefix || o.key.startsWith(query.prefix)) && (!query.cursor || o.key > query.cursor))
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const items = matching.slice(0, query.limit);
  return { items, nextCursor: matching.length > query.limit ? items[items.length - 1].key : null };
}
