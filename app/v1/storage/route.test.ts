import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as usage } from "./route";
import { GET as list, POST as create } from "./buckets/route";
import { DELETE as remove } from "./buckets/[name]/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { bucketNameProblem } from "@/lib/infra/storage/bucket-name";
import { deleteObject, putObject } from "@/lib/infra/storage/manage-objects";
import type { Db } from "@/lib/db/client";

let db: Db;
let dir: string;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
});

const post = (key: string, body: unknown, headers?: Record<string, string>) =>
  create(apiRequest("/v1/storage/buckets", { method: "POST", key, body, headers }));
const del = (key: string, name: string) =>
  remove(apiRequest(`/v1/storage/buckets/${name}`, { method: "DELETE", key }), routeParams({ name }));

describe("S3 bucket name rules", () => {
  it.each([
    ["ab", "3–63"],
    ["a".repeat(64), "3–63"],
    ["My-Bucket", "lowercase"],
    ["under_score", "lowercase"],
    ["-starts", "begin and end"],
    ["ends.", "begin and end"],
    ["two..dots", "adjacent"],
    ["192.168.5.4", "IP address"],
    ["xn--bucket", "prefix"],
    ["sthree-bucket", "prefix"],
    ["bucket-s3alias", "suffix"],
    ["bucket--ol-s3", "suffix"],
    ["bucket.mrap", "suffix"],
  ])("rejects %s", (name, why) => {
    expect(bucketNameProblem(name)).toContain(why);
  });

  it.each(["abc", "a".repeat(63), "my.bucket-1", "192.168.5", "s3alias-bucket"])("accepts %s", (name) => {
    expect(bucketNameProblem(name)).toBeNull();
  });
});

describe("buckets over the API", () => {
  it("creates a real folder, counts its objects' bytes, refuses deleting a non-empty bucket", async () => {
    const { secret, workspace } = await seedWorkspace(db);
    const res = await post(secret, { name: "renders-2026" });
    expect(res.status).toBe(201);
    expect((await res.json()).data).toMatchObject({
      name: "renders-2026",
      region: "sgp1",
      size_bytes: 0,
      object_count: 0,
    });
    const folder = path.join(dir, "buckets", "renders-2026");
    expect(fs.statSync(folder).isDirectory()).toBe(true);

    // Two objects through the one store the S3 endpoint also writes to: 1000 + 234 bytes.
    await putObject(db, workspace.id, "renders-2026", "a.bin", Buffer.alloc(1000));
    await putObject(db, workspace.id, "renders-2026", "parts/b.bin", Buffer.alloc(234));
    await post(secret, { name: "empty-one", region: "fra1" });
    const listed = await (await list(apiRequest("/v1/storage/buckets", { key: secret }))).json();
    expect(listed.data.map((b: { name: string }) => b.name)).toEqual(["empty-one", "renders-2026"]);
    expect(listed.data[1]).toMatchObject({ size_bytes: 1234, object_count: 2 });
    const total = (await (await usage(apiRequest("/v1/storage", { key: secret }))).json()).data;
    expect(total).toMatchObject({ bucket_count: 2, size_bytes: 1234, object_count: 2 });
    expect(total.by_region).toEqual(expect.arrayContaining([{ region: "sgp1", size_bytes: 1234, bucket_count: 1 }]));

    const busy = await del(secret, "renders-2026");
    expect(busy.status).toBe(409);
    expect((await busy.json()).error.details).toEqual({ object_count: 2, size_bytes: 1234, s3_code: "BucketNotEmpty" });
    await deleteObject(db, workspace.id, "renders-2026", "a.bin");
    await deleteObject(db, workspace.id, "renders-2026", "parts/b.bin");
    expect((await del(secret, "renders-2026")).status).toBe(200);
    expect(fs.existsSync(folder)).toBe(false);
  });

  it("400 with param for bad names and regions; 409 for a name taken by anyone", async () => {
    const { secret } = await seedWorkspace(db);
    const bad = await post(secret, { name: "Bad_Name" });
    expect((await bad.json()).error).toMatchObject({ code: "invalid_request", param: "name" });
    expect((await (await post(secret, { name: "fine-name", region: "mars" })).json()).error.param).toBe("region");
    expect((await post(secret, { name: "global-name" })).status).toBe(201);
    const { secret: other } = await seedWorkspace(db);
    const taken = await post(other, { name: "global-name" });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.param).toBe("name");
  });

  it("404 for another workspace's bucket, 401 and 403 as usual, idempotent create", async () => {
    const { secret } = await seedWorkspace(db);
    await post(secret, { name: "mine-only" });
    const { secret: other } = await seedWorkspace(db);
    expect((await del(other, "mine-only")).status).toBe(404);
    expect((await usage(apiRequest("/v1/storage"))).status).toBe(401);
    const { secret: ro } = await seedWorkspace(db, { scopes: ["infra:read"] });
    expect((await post(ro, { name: "ro-bucket" })).status).toBe(403);
    expect((await del(ro, "mine-only")).status).toBe(403);

    const headers = { "Idempotency-Key": "bucket-once" };
    const first = await post(secret, { name: "idem-bucket" }, headers);
    const replay = await post(secret, { name: "idem-bucket" }, headers);
    expect([first.status, replay.status]).toEqual([201, 201]);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect((await post(secret, { name: "idem-bucket-2" }, headers)).status).toBe(409);
  });
});
