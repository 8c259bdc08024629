// A production server of its own (npm start's supervisor, its own data folder), attacked as issue #14
// describes: every hostile input is a clear 4xx, the server keeps answering, its memory comes back down,
// nothing is left behind, and a kill -9 mid-upload is followed by a restart that leaves no orphan.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strToU8, zipSync } from "fflate";
import { expect, test } from "@playwright/test";
import { dxf, dxfDocument } from "../lib/laser/testing/dxf-builder";
import { createTorus } from "../lib/geometry/testing/shapes";
import { writeAsciiStl, writeThreeMfModel, zipThreeMf } from "../lib/geometry/testing/writers";

const PORT = Number(process.env.E2E_RESILIENCE_PORT ?? 3191);
const BASE = `http://127.0.0.1:${PORT}`;
/** The server's resident size must come back under this after the attacks (it idles at ~250 MB). */
const RSS_BOUND_MB = 700;

let dir: string;
let supervisor: ChildProcess;
let freeKey: string;
let proKey: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-resilience-"));
  const env = {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dir,
    DATABASE_URL: `file:${path.join(dir, "r.db")}`,
    DNS_ENABLED: "off",
    SMTP_ENABLED: "off",
    VPS_TICKER: "off",
    WEBHOOK_WORKER: "off",
  };
  const cli = (...args: string[]) =>
    JSON.parse(execFileSync(process.execPath, ["dist/cli.mjs", ...args, "--json"], { env }).toString());
  const free = cli("workspace", "create", "--name", "Attacker", "--plan", "free");
  const pro = cli("workspace", "create", "--name", "Big parts", "--plan", "pro");
  freeKey = cli("keys", "create", "--workspace", free.id).secret;
  proKey = cli("keys", "create", "--workspace", pro.id).secret;
  supervisor = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: "ignore" });
  await waitForServer();
});

test.afterAll(async () => {
  supervisor.kill("SIGTERM");
  await new Promise((resolve) => supervisor.once("exit", resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${BASE}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not start");
}

const childrenOf = (pid: number): number[] => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
/** The HTTP server process: the supervisor's child. */
const serverPid = (): number => childrenOf(supervisor.pid!)[0];
const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);
const rssMb = (pid: number) =>
  Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)![1]) / 1024;
const tempLeftovers = () => fs.readdirSync(path.join(dir, "blobs", "tmp"));

/** A keyed GET, timed: the server must answer it promptly whatever else it is doing. */
async function timedGet(key = freeKey): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${BASE}/v1/workspace`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status).toBe(200);
  await res.arrayBuffer();
  return performance.now() - start;
}

async function upload(key: string, content: Uint8Array | string, filename: string): Promise<Response> {
  const form = new FormData();
  form.append("file", new Blob([content as BlobPart]), filename);
  return fetch(`${BASE}/v1/files`, { method: "POST", headers: { authorization: `Bearer ${key}` }, body: form });
}

/** A multipart upload whose file part is a stream of unknown length (no Content-Length to refuse early). */
function streamedUpload(key: string, parts: ReadableStream<Uint8Array>, filename: string): Promise<Response> {
  const boundary = "----bengkel-stream";
  const encoder = new TextEncoder();
  const reader = parts.getReader();
  let stage: "head" | "body" | "done" = "head";
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === "head") {
        stage = "body";
        return controller.enqueue(
          encoder.encode(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`,
          ),
        );
      }
      if (stage === "done") return controller.close();
      const { done, value } = await reader.read();
      if (!done) return controller.enqueue(value);
      stage = "done";
      controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
    },
  });
  return fetch(`${BASE}/v1/files`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit);
}

async function expectEnvelope(res: Response, status: number, code: string | string[]): Promise<void> {
  const body = await res.json();
  const codes = [code].flat();
  expect({ status: res.status, code: codes.includes(body.error?.code) ? codes[0] : body.error?.code }).toEqual({
    status,
    code: codes[0],
  });
  expect(res.headers.get("x-request-id")).toMatch(/^req_/);
}

function nestedInsertTree(): string {
  const blocks = Array.from({ length: 8 }, (_, level) => ({
    name: `B${level}`,
    entities: level === 7 ? [dxf.point(0, 0)] : Array.from({ length: 10 }, (_, i) => dxf.insert(`B${level + 1}`, i, 0)),
  }));
  return dxfDocument({ blocks, entities: [dxf.line(0, 0, 10, 0), dxf.insert("B0", 0, 0)] });
}

function recursiveBlocks(): string {
  const blocks = Array.from({ length: 3 }, (_, i) => ({
    name: `R${i}`,
    entities: [dxf.circle(0, 0, 1), dxf.insert(`R${(i + 1) % 3}`, 1, 0)],
  }));
  return dxfDocument({ blocks, entities: [dxf.insert("R0", 0, 0)] });
}

/** A 3MF whose model inflates ~1000:1 and whose local header claims a tiny size. */
function lyingZipBomb(): Uint8Array {
  const model = writeThreeMfModel(
    "millimeter",
    [{ id: 1, name: "a", soup: [0, 0, 0, 1, 0, 0, 0, 1, 0] }],
    [{ objectId: 1 }],
  );
  const zip = zipSync({
    "3D/3dmodel.model": [
      strToU8(model.replace("<resources>", `<resources><!--${" ".repeat(64 << 20)}-->`)),
      { level: 9 },
    ],
  });
  // The uncompressed size of the first local header (offset 22) is set to 1 KB.
  new DataView(zip.buffer, zip.byteOffset).setUint32(22, 1024, true);
  return zip;
}

function entityBomb3mf(): Uint8Array {
  const entities = [
    '<!ENTITY a "aaaaaaaaaa">',
    ...Array.from({ length: 9 }, (_, i) => `<!ENTITY ${"bcdefghij"[i]} "${`&${"abcdefghij"[i]};`.repeat(10)}">`),
  ];
  const model = writeThreeMfModel(
    "millimeter",
    [{ id: 1, name: "&j;", soup: [0, 0, 0, 1, 0, 0, 0, 1, 0] }],
    [{ objectId: 1 }],
  );
  return zipThreeMf(model.replace("<model", `<!DOCTYPE model [${entities.join("")}]>\n<model`));
}

test("malformed paths and unknown methods answer the API's envelope", async () => {
  await expectEnvelope(await fetch(`${BASE}/embed/%ff`), 400, "invalid_request");
  await expectEnvelope(
    await fetch(`${BASE}/v1/files/%E0%A4%A`, { headers: { authorization: `Bearer ${freeKey}` } }),
    400,
    "invalid_request",
  );
  await expectEnvelope(await fetch(`${BASE}/v1/workspace`, { method: "PROPFIND" }), 405, "method_not_allowed");
  const wrongMethod = await fetch(`${BASE}/v1/files`, {
    method: "PUT",
    headers: { authorization: `Bearer ${freeKey}` },
  });
  expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD, OPTIONS, POST");
  await expectEnvelope(wrongMethod, 405, "method_not_allowed");
  // Empty segments are served as the canonical path, not redirected with a bare 308.
  const doubled = await fetch(`${BASE}/v1//workspace/`, {
    headers: { authorization: `Bearer ${freeKey}` },
    redirect: "manual",
  });
  expect(doubled.status).toBe(200);
  const noBoundary = await fetch(`${BASE}/v1/files`, {
    method: "POST",
    headers: { authorization: `Bearer ${freeKey}`, "content-type": "multipart/form-data" },
    body: "x",
  });
  await expectEnvelope(noBoundary, 400, "invalid_request");
});

test("hostile uploads are each a clear 4xx; the server keeps answering and keeps nothing", async () => {
  test.setTimeout(180_000);
  const dwg = fs.readFileSync("test/fixtures/corpus/dwg/2000_entities-2d.dwg");
  const attacks: [string, () => Promise<Response>, number, string | string[]][] = [
    ["nested INSERT tree", () => upload(freeKey, nestedInsertTree(), "tree.dxf"), 422, "drawing_too_complex"],
    [
      "INSERT array 100,000 × 100,000",
      () =>
        upload(
          freeKey,
          dxfDocument({
            blocks: [{ name: "C", entities: [dxf.circle(0, 0, 1)] }],
            entities: [dxf.insert("C", 0, 0, { columns: 100_000, rows: 100_000, columnSpacing: 3, rowSpacing: 3 })],
          }),
          "array.dxf",
        ),
      422,
      "drawing_too_complex",
    ],
    [
      "blocks inserting each other in a cycle",
      () => upload(freeKey, recursiveBlocks(), "cycle.dxf"),
      422,
      "unreadable_file",
    ],
    ["zip bomb with a lying header", () => upload(freeKey, lyingZipBomb(), "bomb.3mf"), 422, "archive_too_large"],
    ["XML entity expansion", () => upload(freeKey, entityBomb3mf(), "laughs.3mf"), 422, "unreadable_file"],
    // LibreDWG reads what it can of a cut file: what survives may be nothing to cut.
    [
      "truncated DWG",
      () => upload(freeKey, dwg.subarray(0, 4096), "cut.dwg"),
      422,
      ["unreadable_file", "empty_geometry"],
    ],
    [
      "ASCII STL of 10^7 facets, past the plan's size limit",
      () => streamedUpload(freeKey, asciiStlOfFacets(10_000_000), "huge.stl"),
      413,
      "payload_too_large",
    ],
    [
      "a 50 MB JSON body",
      () =>
        fetch(`${BASE}/v1/search`, {
          method: "POST",
          headers: { authorization: `Bearer ${proKey}`, "content-type": "application/json" },
          body: `{"query":"${"x".repeat(50 << 20)}"}`,
        }),
      413,
      "payload_too_large",
    ],
  ];
  for (const [name, attack, status, code] of attacks) {
    await test.step(name, async () => {
      await expectEnvelope(await attack(), status, code);
      expect(await timedGet()).toBeLessThan(1000);
      expect(tempLeftovers()).toEqual([]);
    });
  }
  const files = await (await fetch(`${BASE}/v1/files`, { headers: { authorization: `Bearer ${freeKey}` } })).json();
  expect(files.data).toEqual([]);
  await expect.poll(() => rssMb(serverPid()), { timeout: 30_000 }).toBeLessThan(RSS_BOUND_MB);
});

/** Facets of a degenerate triangle, written small: 10^7 of them are ~700 MB, streamed, never held. */
function asciiStlOfFacets(count: number): ReadableStream<Uint8Array> {
  const facet = new TextEncoder().encode(
    "facet normal 0 0 0 outer loop vertex 0 0 0 vertex 1 0 0 vertex 0 1 0 endloop endfacet\n".repeat(1000),
  );
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= count) return controller.close();
      controller.enqueue(facet);
      sent += 1000;
    },
  });
}

test("two large analyses at once do not hold up a keyed GET", async () => {
  test.setTimeout(180_000);
  const part = writeAsciiStl(createTorus(40, 10, 500, 250)); // 250,000 facets, ~50 MB
  const uploads = Promise.all([upload(proKey, part, "torus-a.stl"), upload(proKey, part, "torus-b.stl")]);
  let done = false;
  void uploads.finally(() => (done = true));
  const waits: number[] = [];
  while (!done) waits.push(await timedGet(proKey));
  for (const res of await uploads) expect(res.status).toBe(201);
  test
    .info()
    .annotations.push({ type: "longest GET during the analyses (ms)", description: Math.max(...waits).toFixed(0) });
  expect(Math.max(...waits)).toBeLessThan(1000);
});

test("kill -9 during an upload: the server comes back and nothing is orphaned", async () => {
  test.setTimeout(120_000);
  const before = serverPid();
  const analysisChildren = childrenOf(before);
  expect(analysisChildren.length).toBeGreaterThan(0); // a warm analysis process
  // An upload that sends 2 MB and then stalls, as a slow client does.
  const boundary = "----resilience";
  let release: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(
        new TextEncoder().encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.stl"\r\n\r\n${"solid x\n".repeat(256 * 1024)}`,
        ),
      );
      release = () => controller.error(new Error("test over"));
    },
  });
  const pending = fetch(`${BASE}/v1/files`, {
    method: "POST",
    headers: { authorization: `Bearer ${freeKey}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
  } as RequestInit).catch((error: Error) => error);
  await expect.poll(() => tempLeftovers().length, { timeout: 10_000 }).toBe(1);

  process.kill(before, "SIGKILL");
  release();
  await pending;
  await expect.poll(() => serverPid() !== before && serverPid() !== undefined, { timeout: 30_000 }).toBe(true);
  await waitForServer();
  await expect.poll(tempLeftovers, { timeout: 10_000 }).toEqual([]);
  for (const pid of analysisChildren) await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
  expect(await timedGet()).toBeLessThan(1000);
});
