import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { storageBuckets, storageObjects } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { dataPath } from "@/lib/config";
import { bucketDir } from "./manage-buckets";

const md5Of = async (file: string) => {
  const hash = createHash("md5");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
};

function filesUnder(root: string, dir = root): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(root, full) : e.isFile() ? [path.relative(root, full)] : [];
  });
}

/**
 * Before the object index, an object was the file at its key's path inside the bucket folder. Any such file the
 * index does not know becomes an object in place (its path is its key and its blob), so buckets written by an
 * older version keep their objects, their sizes and their protection from deletion. Runs once per data folder
 * (a marker file records it): afterwards an unknown file is a blob whose write crashed, never an object.
 * Returns how many it adopted.
 */
export async function adoptLegacyObjects(db: Db): Promise<number> {
  const marker = dataPath("buckets", ".object-index");
  if (fs.existsSync(marker)) return 0;
  let adopted = 0;
  for (const bucket of await db.select().from(storageBuckets)) {
    const known = new Set(
      (
        await db
          .select({ blob: storageObjects.blob })
          .from(storageObjects)
          .where(eq(storageObjects.bucket, bucket.name))
      ).map((r) => r.blob),
    );
    for (const rel of filesUnder(bucketDir(bucket.name))) {
      const key = rel.split(path.sep).join("/");
      if (known.has(key)) continue;
      const file = path.join(bucketDir(bucket.name), rel);
      const stat = fs.statSync(file);
      const etag = await md5Of(file);
      const inserted = (
        await db
          .insert(storageObjects)
          .values({
            bucket: bucket.name,
            key,
            workspaceId: bucket.workspaceId,
            blob: key,
            sizeBytes: stat.size,
            etag,
            contentType: "application/octet-stream",
            metadata: "{}",
            modifiedAt: stat.mtime,
          })
          .onConflictDoNothing()
          .returning()
      )[0];
      if (inserted) adopted++;
    }
  }
  fs.mkdirSync(path.dirname(marker), { recursive: true });
  fs.writeFileSync(marker, `adopted ${adopted} objects\n`);
  return adopted;
}
