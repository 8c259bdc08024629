/**
 * Child process for the concurrency test: opens the shared database (SQLite file or PostgreSQL) and
 * tries to consume `count` requests as fast as it can, printing how many passed.
 */
import { openDb } from "@/lib/db/client";
import { consumeRequest, type Service } from "@/lib/usage/consume-request";
import { isDomainError } from "@/lib/errors";
import { workspaces } from "@/db/schema";
import { eq } from "drizzle-orm";

const [url, workspaceId, service, count, startAt] = process.argv.slice(2);
const db = openDb(url);
const workspace = (await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1))[0]!;
while (Date.now() < Number(startAt)) {
  /* start together with the sibling processes */
}
let passed = 0;
for (let i = 0; i < Number(count); i++) {
  try {
    await consumeRequest(db, workspace, service as Service);
    passed++;
  } catch (error) {
    if (!isDomainError(error)) throw error;
  }
}
process.stdout.write(String(passed));
