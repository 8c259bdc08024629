import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as list } from "./route";
import { DELETE as remove, GET as download, PUT as upload } from "./[...key]/route";
import { GET as usage } from "@/app/v1/storage/route";
import { DELETE as removeBucket } from "@/app/v1/storage/buckets/[name]/route";
import { POST as createBucket } from "@/app/v1/storage/buckets/route";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { storageObjects } from "@/db/schema";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import type { Db } from "@/lib/db/client";

let db: Db;
let dir: string;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
});

const params = (name: string, key: string) =>
  routeParams({ name, key: key.split("/") } as unknown as Record<string, string>);
const put = (key: string, bucket: string, objectKey: string, content: string | Buffer) =>
  upload(
    apiRequest(`/v1/storage/buckets/${bucket}/objects/${objectKey}`, {
      method: "PUT",
      key,
      body: { content_base64: Buffer.from(content).toString("base64") },
    }),
    params(bucket, objectKey),
  );

async function bucket(key: string, name: string) {
  expect((await createBucket(apiRequest("/v1/storage/buckets", { method: "POST", key, body: { name } }))).status).toBe(
    201,
  );
}

describe("objects", () => {
  it("takes objects up to exactly 10 MiB, past the JSON body limit, and refuses one byte more", async () => {
    const { secret } = await seedWorkspace(db, { infraPlan: "planetary" });
    await bucket(secret, "big-bucket");
    const full = Buffer.alloc(10 * 1024 * 1024, 7);
    const stored = await put(secret, "big-bucket", "full.bin", full);
    expect([stored.status, (await stored.json()).data.size_bytes]).toEqual([201, full.length]);
    const over = await put(secret, "big-bucket", "over.bin", Buffer.alloc(full.length + 1, 7));
    expect([over.status, (await over.json()).error.param]).toEqual([400, "content_base64"]);
  });

  it("stores, lists, downloads and deletes objects as files, counted in usage", async () => {
    const { secret } = await seedWorkspace(db);
    await bucket(secret, "obj-bucket");
    const stored = await put(secret, "obj-bucket", "renders/part-01.png", "PNGDATA");
    expect(stored.status).toBe(201);
    expect((await stored.json()).data).toMatchObject({
      key: "renders/part-01.png",
      size_bytes: 7,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const row = (
      await db.select().from(storageObjects).where(eq(storageObjects.key, "renders/part-01.png")).limit(1)
    )[0]!;
    // The bytes sit in the bucket's folder under a blob name; the key and its MD5 ETag in the index.
    expect(fs.readFileSync(path.join(dir, "buckets", "obj-bucket", row.blob), "utf8")).toBe("PNGDATA");
    expect(row.etag).toBe(createHash("md5").update("PNGDATA").digest("hex"));
    await put(secret, "obj-bucket", "a.txt", "hello");
    await put(secret, "obj-bucket", "renders/part-02.png", Buffer.alloc(100));

    const listUrl = (q: string) => apiRequest(`/v1/storage/buckets/obj-bucket/objects?${q}`, { key: secret });
    const all = await (await list(listUrl("limit=2"), routeParams({ name: "obj-bucket" }))).json();
    expect(all.data.map((o: { key: string }) => o.key)).toEqual(["a.txt", "renders/part-01.png"]);
    const rest = await (
      await list(listUrl(`limit=2&cursor=${encodeURIComponent(all.next_cursor)}`), routeParams({ name: "obj-bucket" }))
    ).json();
    expect(rest.data.map((o: { key: string }) => o.key)).toEqual(["renders/part-02.png"]);
    const prefixed = await (await list(listUrl("prefix=renders/"), routeParams({ name: "obj-bucket" }))).json();
    expect(prefixed.data).toHaveLength(2);

    const got = await download(
      apiRequest("/v1/storage/buckets/obj-bucket/objects/a.txt", { key: secret }),
      params("obj-bucket", "a.txt"),
    );
    expect(got.headers.get("content-length")).toBe("5");
    expect(await got.text()).toBe("hello");
    expect((await (await usage(apiRequest("/v1/storage", { key: secret }))).json()).data).toMatchObject({
      size_bytes: 112,
      object_count: 3,
    });

    expect(
      (
        await removeBucket(
          apiRequest("/v1/storage/buckets/obj-bucket", { method: "DELETE", key: secret }),
          routeParams({ name: "obj-bucket" }),
        )
      ).status,
    ).toBe(409);
    for (const key of ["a.txt", "renders/part-01.png", "renders/part-02.png"]) {
      const res = await remove(
        apiRequest(`/v1/storage/buckets/obj-bucket/objects/${key}`, { method: "DELETE", key: secret }),
        params("obj-bucket", key),
      );
      expect(res.status).toBe(200);
    }
    expect(fs.readdirSync(path.join(dir, "buckets", "obj-bucket"))).toEqual([]);
    expect(
      (
        await download(
          apiRequest("/v1/storage/buckets/obj-bucket/objects/a.txt", { key: secret }),
          params("obj-bucket", "a.txt"),
        )
      ).status,
    ).toBe(404);
  });

  it("refuses keys a sync tool would write outside its folder, and other workspaces' buckets", async () => {
    const { secret } = await seedWorkspace(db);
    await bucket(secret, "safe-bucket");
    for (const key of ["../escape", "a/../../b", "a/./b", "a/.."]) {
      const res = await put(secret, "safe-bucket", key, "x");
      expect(res.status, key).toBe(400);
      expect((await res.json()).error.param).toBe("key");
    }
    // As on S3, a key may also be the prefix of others: keys are names, not paths.
    for (const key of ["dir/file", "dir", "dir/file/deeper", "a//b", "back\\slash"])
      expect((await put(secret, "safe-bucket", key, "x")).status, key).toBe(201);
    const bad = await upload(
      apiRequest("/v1/storage/buckets/safe-bucket/objects/x", {
        method: "PUT",
        key: secret,
        body: { content_base64: "not base64!" },
      }),
      params("safe-bucket", "x"),
    );
    expect((await bad.json()).error.param).toBe("content_base64");

    const { secret: other } = await seedWorkspace(db);
    expect((await put(other, "safe-bucket", "x", "x")).status).toBe(404);
    expect(
      (
        await list(
          apiRequest("/v1/storage/buckets/safe-bucket/objects", { key: other }),
          routeParams({ name: "safe-bucket" }),
        )
      ).status,
    ).toBe(404);
    const { secret: ro } = await seedWorkspace(db, { scopes: ["infra:read"] });
    expect((await put(ro, "safe-bucket", "x", "x")).status).toBe(403);
  });
});
