import fs from "node:fs";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { POST as upload } from "./route";
import { DELETE as remove } from "./[id]/route";
import { GET as download } from "./[id]/download/route";
import { POST as quote3d } from "./[id]/quote/3dprint/route";
import { GET as createViewerLink } from "./[id]/viewer/route";
import { GET as displayAsset } from "@/app/embed-assets/[token]/display/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { boxStl } from "@/test/helpers/files";
import { S3RVER_KEY, startS3rver, type TestS3rver } from "@/test/helpers/s3rver";
import { getBlobStore, type BlobStore } from "@/lib/files/blob-store";
import { BLOB_GRACE_MS, sweepUnusedBlobs } from "@/lib/files/blob-reservations";
import type { Db } from "@/lib/db/client";

// The routes as deployed with BLOB_STORE=s3: the store comes from the configuration, as in a server.
const settings = {
  BLOB_STORE: "s3",
  BLOB_S3_BUCKET: "bengkel-blobs",
  BLOB_S3_ACCESS_KEY_ID: S3RVER_KEY.accessKeyId,
  BLOB_S3_SECRET_ACCESS_KEY: S3RVER_KEY.secretAccessKey,
  BLOB_S3_FORCE_PATH_STYLE: "true",
  BLOB_S3_PREFIX: "shop/",
  PRINT_ESTIMATE_ON_UPLOAD: "off", // the quote below slices on its own request, reading the blob from S3
  SLICER_ENABLED: "off",
};
const saved = Object.fromEntries(
  ["DATA_DIR", "BLOB_S3_ENDPOINT", ...Object.keys(settings)].map((n) => [n, process.env[n]]),
);
const globalBlobs = globalThis as { bengkelBlobs?: BlobStore };

let db: Db;
let dir: string;
let s3rver: TestS3rver;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  s3rver = await startS3rver("bengkel-blobs");
  Object.assign(process.env, settings, { DATA_DIR: dir, BLOB_S3_ENDPOINT: s3rver.endpoint });
  delete globalBlobs.bengkelBlobs;
});
afterAll(async () => {
  delete globalBlobs.bengkelBlobs;
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await s3rver.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const keys = async (prefix: string) =>
  ((await s3rver.client.send(new ListObjectsV2Command({ Bucket: s3rver.bucket, Prefix: prefix }))).Contents ?? []).map(
    (o) => o.Key,
  );

describe("files, quotes and the viewer with BLOB_STORE=s3", () => {
  it("uploads to the bucket, quotes, serves ranges and the display mesh from it, and deletes", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const stl = boxStl(40, 30, 20);
    const sha = createHash("sha256").update(stl).digest("hex");
    const form = new FormData();
    form.append("file", new Blob([stl]), "box.stl");
    const created = await upload(
      new Request("http://localhost/v1/files", {
        method: "POST",
        headers: { authorization: `Bearer ${secret}` },
        body: form,
      }),
    );
    expect(created.status).toBe(201);
    const { file, version } = (await created.json()).data;
    const id: string = file.id;
    expect(await keys("shop/blobs/")).toEqual([`shop/blobs/${sha}`]);
    expect(fs.readdirSync(`${dir}/blobs/tmp`)).toEqual([]);

    const range = await download(
      apiRequest(`/v1/files/${id}/download`, { key: secret, headers: { range: "bytes=6-15" } }),
      routeParams({ id }),
    );
    expect([range.status, await range.text()]).toEqual([206, stl.slice(6, 16)]);

    // 40 × 30 × 20 mm = 24 cm³, measured from the copy an analysis child read from the bucket.
    const quoted = await quote3d(
      apiRequest(`/v1/files/${id}/quote/3dprint`, { method: "POST", key: secret, body: { infill: 20 } }),
      routeParams({ id }),
    );
    expect(quoted.status).toBe(200);
    expect((await quoted.json()).data.geometry.volume_cm3).toBe(24);

    const link = await createViewerLink(apiRequest(`/v1/files/${id}/viewer`, { key: secret }), routeParams({ id }));
    const { token } = (await link.json()).data;
    const glb = await displayAsset(new Request(`http://localhost/embed-assets/${token}/display`), {
      params: Promise.resolve({ token }),
    });
    expect([glb.status, glb.headers.get("content-type")]).toEqual([200, "model/gltf-binary"]);
    const bytes = Buffer.from(await glb.arrayBuffer());
    // GLB header (glTF 2.0 §4.4.2): magic "glTF", version 2, then the total length of the file.
    expect([bytes.toString("latin1", 0, 4), bytes.readUInt32LE(4), bytes.readUInt32LE(8)]).toEqual([
      "glTF",
      2,
      bytes.length,
    ]);
    expect(Number(glb.headers.get("content-length"))).toBe(bytes.length);
    expect(await keys("shop/display/")).toEqual([`shop/display/${version.id}.glb`]);
    expect(fs.existsSync(`${dir}/display`)).toBe(false);

    const deleted = await remove(apiRequest(`/v1/files/${id}`, { method: "DELETE", key: secret }), routeParams({ id }));
    expect(deleted.status).toBe(200);
    expect(await keys("shop/display/")).toEqual([]);
    // The blob waits for the sweep, past the grace period in which an upload of the same bytes may rely on it.
    expect(await keys("shop/blobs/")).toEqual([`shop/blobs/${sha}`]);
    expect(await sweepUnusedBlobs(db, getBlobStore(), new Date(Date.now() + BLOB_GRACE_MS + 1000))).toBe(1);
    expect(await keys("shop/blobs/")).toEqual([]);
    expect(fs.readdirSync(`${dir}/blobs/tmp`)).toEqual([]);
  });
});
