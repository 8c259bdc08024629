import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as upload } from "./route";
import { DELETE as remove } from "./[id]/route";
import { POST as uploadVersion } from "./[id]/versions/route";
import { POST as search } from "../search/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { boxStl, useTestBlobs } from "@/test/helpers/files";
import { files, fileVersions } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import type { BlobStore } from "@/lib/files/blob-store";
import { AnalysisPool } from "@/lib/analyze/analysis-pool";
import { getDisplayAsset } from "@/lib/viewer/get-display-asset";
import { dxf, dxfDocument } from "@/lib/laser/testing/dxf-builder";
import { createTorus } from "@/lib/geometry/testing/shapes";
import { writeAsciiStl, writeThreeMfModel } from "@/lib/geometry/testing/writers";

let db: Db;
let dir: string;
let blobs: BlobStore;
const dataDir = process.env.DATA_DIR;
const globalPool = globalThis as { bengkelAnalysisPool?: AnalysisPool };

beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  blobs = useTestBlobs(dir);
  process.env.DATA_DIR = dir;
});
afterAll(() => {
  globalPool.bengkelAnalysisPool?.close();
  delete globalPool.bengkelAnalysisPool;
  if (dataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = dataDir;
});

const tempLeftovers = () => fs.readdirSync(path.join(dir, "blobs", "tmp"));
const rowsOf = async (workspaceId: string) =>
  (await db.select().from(files)).filter((f) => f.workspaceId === workspaceId);

function multipart(url: string, key: string, content: string | Uint8Array, filename: string): Request {
  const form = new FormData();
  form.append("file", new Blob([content as BlobPart]), filename);
  return new Request(new URL(url, "http://localhost"), {
    method: "POST",
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
}

/** A multipart request whose body stream sends `head` and then fails or ends early, as a dropped client does. */
function brokenUpload(key: string, how: "truncated" | "aborted"): Request {
  const boundary = "----bengkel-test";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="part.stl"\r\nContent-Type: application/octet-stream\r\n\r\n${boxStl(10, 10, 10).repeat(50)}`;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
      if (how === "truncated") controller.close();
      else setTimeout(() => controller.error(new Error("client went away")), 5);
    },
  });
  return new Request("http://localhost/v1/files", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
}

async function expectError(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("x-request-id")).toMatch(/^req_/);
  const body = await response.json();
  expect(body.error.code).toBe(code);
  return body.error;
}

describe("hostile uploads leave nothing behind", () => {
  it("a new version for an unknown or another workspace's file is 404 and stores nothing", async () => {
    const mine = await seedWorkspace(db);
    const theirs = await seedWorkspace(db);
    const res = await upload(multipart("/v1/files", theirs.secret, boxStl(10, 10, 10), "box.stl"));
    const foreignId = (await res.json()).data.file.id;
    for (const id of ["file_doesnotexist", foreignId]) {
      const response = await uploadVersion(
        multipart(`/v1/files/${id}/versions`, mine.secret, boxStl(20, 20, 20), "box.stl"),
        routeParams({ id }),
      );
      await expectError(response, 404, "not_found");
    }
    expect(tempLeftovers()).toEqual([]);
  });

  it("truncated and aborted multipart bodies answer 400 and leave no temp file, however often", async () => {
    const { secret, workspace } = await seedWorkspace(db);
    for (let i = 0; i < 20; i++) {
      await expectError(await upload(brokenUpload(secret, i % 2 ? "truncated" : "aborted")), 400, "invalid_request");
    }
    expect(await rowsOf(workspace.id)).toEqual([]);
    expect(tempLeftovers()).toEqual([]);
  });

  it("a multipart body without a boundary is a 400 envelope", async () => {
    const { secret } = await seedWorkspace(db);
    const request = apiRequest("/v1/files", {
      method: "POST",
      key: secret,
      rawBody: "x",
      headers: { "content-type": "multipart/form-data" },
    });
    const error = await expectError(await upload(request), 400, "invalid_request");
    expect(error.message).toMatch(/multipart/i);
  });

  it("a drawing whose blocks explode past the budget is 422 drawing_too_complex at once", async () => {
    const { secret, workspace } = await seedWorkspace(db);
    // Eight levels of ten inserts each end in a point: 10^8 entities from a file of a few KB.
    const blocks = Array.from({ length: 8 }, (_, level) => ({
      name: `B${level}`,
      entities:
        level === 7 ? [dxf.point(0, 0)] : Array.from({ length: 10 }, (_, i) => dxf.insert(`B${level + 1}`, i, 0)),
    }));
    const tree = dxfDocument({ blocks, entities: [dxf.line(0, 0, 10, 0), dxf.insert("B0", 0, 0)] });
    await expectError(await upload(multipart("/v1/files", secret, tree, "tree.dxf")), 422, "drawing_too_complex");
    const array = dxfDocument({
      blocks: [{ name: "C", entities: [dxf.circle(0, 0, 1)] }],
      entities: [dxf.insert("C", 0, 0, { columns: 100_000, rows: 100_000, columnSpacing: 3, rowSpacing: 3 })],
    });
    await expectError(await upload(multipart("/v1/files", secret, array, "array.dxf")), 422, "drawing_too_complex");
    expect(await rowsOf(workspace.id)).toEqual([]);
    expect(tempLeftovers()).toEqual([]);
  });

  it("a 3MF whose model inflates past the archive budget is 422 archive_too_large", async () => {
    const { secret } = await seedWorkspace(db);
    const model = writeThreeMfModel(
      "millimeter",
      [{ id: 1, name: "a", soup: [0, 0, 0, 1, 0, 0, 0, 1, 0] }],
      [{ objectId: 1 }],
    );
    // Padding inside the XML compresses about 1000:1.
    const padded = model.replace("<resources>", `<resources><!--${" ".repeat(64 * 1024 * 1024)}-->`);
    const bomb = zipSync({ "3D/3dmodel.model": [new TextEncoder().encode(padded), { level: 9 }] });
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    await expectError(await upload(multipart("/v1/files", secret, bomb, "bomb.3mf")), 422, "archive_too_large");
    expect(tempLeftovers()).toEqual([]);
  });

  it("an analysis past its time limit is 422 analysis_timeout and stores nothing", async () => {
    const { secret, workspace } = await seedWorkspace(db, { plan: "pro" });
    globalPool.bengkelAnalysisPool = new AnalysisPool({ workers: 1, timeoutMs: 50, memoryMb: 512, queue: 2 });
    try {
      const slow = writeAsciiStl(createTorus(40, 10, 600, 300));
      await expectError(await upload(multipart("/v1/files", secret, slow, "slow.stl")), 422, "analysis_timeout");
    } finally {
      globalPool.bengkelAnalysisPool.close();
      delete globalPool.bengkelAnalysisPool;
    }
    expect(await rowsOf(workspace.id)).toEqual([]);
    expect(tempLeftovers()).toEqual([]);
  });

  it("deleting a file removes its versions' display caches", async () => {
    const { secret } = await seedWorkspace(db);
    const created = (await (await upload(multipart("/v1/files", secret, boxStl(10, 20, 30), "box.stl"))).json()).data;
    const version = (await db.select().from(fileVersions)).find((v) => v.id === created.version.id)!;
    const displayDir = path.join(dir, "display");
    await getDisplayAsset(blobs, version);
    expect(fs.readdirSync(displayDir)).toContain(`${version.id}.glb`);
    const response = await remove(
      apiRequest(`/v1/files/${created.file.id}`, { method: "DELETE", key: secret }),
      routeParams({ id: created.file.id }),
    );
    expect(response.status).toBe(200);
    expect(fs.readdirSync(displayDir).filter((name) => name.startsWith(version.id))).toEqual([]);
  });
});

describe("JSON bodies are bounded", () => {
  it("answers 413 for a body over the limit, declared or streamed, before reading it whole", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    const big = JSON.stringify({ query: "x".repeat(2 * 1024 * 1024) });
    const declared = apiRequest("/v1/search", {
      method: "POST",
      key: secret,
      rawBody: big,
      headers: { "content-type": "application/json" },
    });
    const error = await expectError(await search(declared), 413, "payload_too_large");
    expect(error.details).toEqual({ max_bytes: 1024 * 1024 });

    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const streamed = new Request("http://localhost/v1/search", {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    await expectError(await search(streamed), 413, "payload_too_large");
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });
});
