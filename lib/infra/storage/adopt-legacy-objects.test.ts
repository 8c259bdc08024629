import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { storageObjects } from "@/db/schema";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import type { Db } from "@/lib/db/client";
import { adoptLegacyObjects } from "./adopt-legacy-objects";
import { createBucket, deleteBucket, serializeBucket, getBucket } from "./manage-buckets";
import { listObjects, putObject, readObject } from "./manage-objects";

let db: Db;
let dir: string;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("adoptLegacyObjects", () => {
  it("indexes files an older version wrote at their keys' paths, once, and leaves indexed blobs alone", async () => {
    const { workspace } = await seedWorkspace(db);
    await createBucket(db, workspace.id, { name: "old-bucket", region: "sgp1" });
    await putObject(db, workspace.id, "old-bucket", "new.txt", Buffer.from("indexed"));
    // What the folder-per-bucket version left: files at their keys' paths.
    const folder = path.join(dir, "buckets", "old-bucket");
    fs.mkdirSync(path.join(folder, "renders"), { recursive: true });
    fs.writeFileSync(path.join(folder, "renders", "part-01.png"), "PNGDATA");
    fs.writeFileSync(path.join(folder, "a.txt"), "hello");

    expect(await adoptLegacyObjects(db)).toBe(2);
    // Once per data folder: a file appearing later (a crashed write's blob) is never taken for an object.
    fs.writeFileSync(path.join(folder, "later.bin"), "x");
    expect(await adoptLegacyObjects(db)).toBe(0);
    fs.rmSync(path.join(folder, "later.bin"));
    const keys = (await listObjects(db, workspace.id, "old-bucket", { limit: 10 })).items.map((o) => o.key);
    expect(keys).toEqual(["a.txt", "new.txt", "renders/part-01.png"]);
    expect(await serializeBucket(db, await getBucket(db, workspace.id, "old-bucket"))).toMatchObject({
      size_bytes: 7 + 7 + 5,
      object_count: 3,
    });
    const { stream } = await readObject(db, workspace.id, "old-bucket", "renders/part-01.png");
    const chunks: Buffer[] = [];
    for await (const chunk of stream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("PNGDATA");
    // A bucket holding adopted objects is not empty.
    await expect(deleteBucket(db, workspace.id, "old-bucket")).rejects.toThrow(/not empty/);
    const row = (
      await db.select().from(storageObjects).where(eq(storageObjects.key, "renders/part-01.png")).limit(1)
    )[0]!;
    expect(row.etag).toBe(createHash("md5").update("PNGDATA").digest("hex"));
  });
});
