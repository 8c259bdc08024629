/**
 * Child process for the two-process test: opens the shared database (SQLite file or PostgreSQL) and
 * adds `count` versions to one file at once, printing how many succeeded.
 */
import path from "node:path";
import { openDb } from "@/lib/db/client";
import { LocalBlobStore } from "@/lib/files/blob-store";
import { addTestVersion, boxStl } from "@/test/helpers/files";

const [url, dir, workspaceId, fileId, count, startAt] = process.argv.slice(2);
const db = openDb(url);
const blobs = new LocalBlobStore(path.join(dir, "blobs"));
while (Date.now() < Number(startAt)) {
  /* start together with the sibling process */
}
const results = await Promise.allSettled(
  Array.from({ length: Number(count) }, (_, i) =>
    addTestVersion(db, blobs, workspaceId, fileId, boxStl(10 + i, 10, 10), `v${process.pid}-${i}.stl`),
  ),
);
for (const result of results) if (result.status === "rejected") process.stderr.write(`${result.reason}\n`);
process.stdout.write(String(results.filter((r) => r.status === "fulfilled").length));
process.exit(0);
