import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { fileVersions } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { boxStl, createTestFile, useTestBlobs } from "@/test/helpers/files";

const run = promisify(execFile);
let db: Db;
let url: string;
let dir: string;
beforeAll(async () => ({ db, url, dir } = await useTestDb()));

// On PostgreSQL too (npm run test:postgres): two instances on one database.
describe("two server processes on one database", () => {
  it("add 30 versions to one file at once without a 'database is locked' failure, numbered 1…31", async () => {
    const { workspace } = await seedWorkspace(db);
    const created = await createTestFile(db, useTestBlobs(dir), workspace.id, boxStl(10, 10, 10), "part.stl");
    const startAt = Date.now() + 3000;
    const results = await Promise.all(
      [0, 1].map(() =>
        run(process.execPath, [
          "--import",
          "tsx",
          "test/helpers/version-worker.ts",
          url,
          dir,
          workspace.id,
          created.file.id,
          "15",
          String(startAt),
        ]),
      ),
    );
    expect(results.map((r) => r.stderr)).toEqual(["", ""]);
    expect(results.reduce((sum, r) => sum + Number(r.stdout), 0)).toBe(30);
    const numbers = await db
      .select({ n: fileVersions.number })
      .from(fileVersions)
      .where(eq(fileVersions.fileId, created.file.id));
    expect(numbers.map((v) => v.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
  }, 90_000);
});
