import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ListBucketsCommand, S3Client } from "@aws-sdk/client-s3";
import { GET as list, POST as create } from "./route";
import { DELETE as revoke } from "./[id]/route";
import { POST as createBucket } from "@/app/v1/storage/buckets/route";
import { storageCredentials } from "@/db/schema";
import { apiRequest, routeParams, seedWorkspace } from "@/test/helpers/test-db";
import { REGION, withTestS3, type TestS3 } from "@/test/helpers/s3";
import type { Db } from "@/lib/db/client";

let db: Db;
let dir: string;
let s3: TestS3["s3"];
withTestS3((env) => ({ db, dir, s3 } = env));

const post = (key: string, body: unknown) =>
  create(apiRequest("/v1/storage/credentials", { method: "POST", key, body }));
const del = (key: string, id: string) =>
  revoke(apiRequest(`/v1/storage/credentials/${id}`, { method: "DELETE", key }), routeParams({ id }));

const listBuckets = async (accessKeyId: string, secretAccessKey: string) => {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
  });
  try {
    return (await client.send(new ListBucketsCommand({}))).Buckets?.map((b) => b.Name);
  } catch (error) {
    return (error as Error).name;
  } finally {
    client.destroy();
  }
};

describe("S3 key pairs over the API", () => {
  it("shows the secret once, stores it encrypted, signs S3 requests until revoked", async () => {
    const { secret } = await seedWorkspace(db);
    for (const name of ["pairs-a", "pairs-b"])
      await createBucket(apiRequest("/v1/storage/buckets", { method: "POST", key: secret, body: { name } }));
    const res = await post(secret, { name: "laptop", buckets: ["pairs-a"] });
    expect(res.status).toBe(201);
    const pair = (await res.json()).data;
    expect(pair).toMatchObject({ name: "laptop", buckets: ["pairs-a"], read_only: false, revoked_at: null });
    expect(pair.access_key_id).toMatch(/^BK[A-Z2-7]{18}$/);
    expect(pair.secret_access_key).toMatch(/^[A-Za-z0-9+/]{40}$/);

    const stored = await db.select().from(storageCredentials);
    expect(JSON.stringify(stored)).not.toContain(pair.secret_access_key);
    // The encryption key lives in DATA_DIR, readable by its owner only.
    expect(fs.statSync(path.join(dir, "storage-credentials.secret")).mode & 0o077).toBe(0);

    const listed = (await (await list(apiRequest("/v1/storage/credentials", { key: secret }))).json()).data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty("secret_access_key");

    // Limited to one bucket, the pair sees only that one.
    expect(await listBuckets(pair.access_key_id, pair.secret_access_key)).toEqual(["pairs-a"]);
    expect((await del(secret, pair.id)).status).toBe(200);
    expect((await del(secret, pair.id)).status).toBe(409);
    expect(await listBuckets(pair.access_key_id, pair.secret_access_key)).toBe("InvalidAccessKeyId");
  });

  it("lists key pairs newest first, a page at a time, like every other list", async () => {
    const { secret } = await seedWorkspace(db);
    const names = ["one", "two", "three"];
    for (const name of names) expect((await post(secret, { name })).status).toBe(201);
    const url = (cursor = "") =>
      apiRequest(`/v1/storage/credentials?limit=2${cursor && `&cursor=${encodeURIComponent(cursor)}`}`, {
        key: secret,
      });
    const first = await (await list(url())).json();
    const second = await (await list(url(first.next_cursor))).json();
    expect(second.next_cursor).toBeNull();
    // Every pair once, none repeated across pages (pairs made in the same instant order by id).
    const listed = [...first.data, ...second.data] as { name: string; created_at: string }[];
    expect(listed.map((p) => p.name).sort()).toEqual([...names].sort());
    expect(listed.map((p) => p.created_at)).toEqual(
      listed
        .map((p) => p.created_at)
        .sort()
        .reverse(),
    );
    expect((await list(url("not-a-cursor"))).status).toBe(400);
  });

  it("400 for a bucket outside the workspace, 404 for another workspace's pair, 403 without infra:write", async () => {
    const { secret } = await seedWorkspace(db);
    const bad = await post(secret, { name: "x", buckets: ["nobody-has-this"] });
    expect([bad.status, (await bad.json()).error.param]).toEqual([400, "buckets"]);
    const pair = (await (await post(secret, { name: "mine", read_only: true })).json()).data;
    expect(pair).toMatchObject({ read_only: true, buckets: null });
    const { secret: other } = await seedWorkspace(db);
    expect((await del(other, pair.id)).status).toBe(404);
    const { secret: reader } = await seedWorkspace(db, { scopes: ["infra:read"] });
    expect((await post(reader, { name: "nope" })).status).toBe(403);
  });
});
