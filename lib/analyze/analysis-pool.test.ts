import { createHash } from "node:crypto";
import fs from "node:fs";
import type { MeshGeometry } from "@/lib/geometry/types";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnalysisPool } from "./analysis-pool";
import { analyzeFile, toStoredAnalysis } from "./analyze-file";
import { CORPUS, expectAppError } from "@/lib/geometry/testing/expectations";
import { createTorus } from "@/lib/geometry/testing/shapes";
import { writeAsciiStl, writeBinaryStl } from "@/lib/geometry/testing/writers";
import { boxStl, plateDxf } from "@/test/helpers/cad-text";
import { parseMesh } from "@/lib/geometry";
import { MK3S_QUALITY_SETTINGS } from "@/lib/print-estimate/default-profiles";
import { measurePrint } from "@/lib/print-estimate/measure-print";
import { PARALLEL_SLICE_MIN_TRIANGLES } from "@/lib/print-estimate/parallel-slice";

let dir: string;
const pools: AnalysisPool[] = [];

function makePool(overrides: Partial<ConstructorParameters<typeof AnalysisPool>[0]> = {}): AnalysisPool {
  const pool = new AnalysisPool({ workers: 2, timeoutMs: 60_000, memoryMb: 512, queue: 4, ...overrides });
  pools.push(pool);
  return pool;
}

function writeTemp(name: string, bytes: Uint8Array | string): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}-${name}`);
  fs.writeFileSync(file, bytes);
  return file;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-pool-"));
});
afterAll(async () => {
  await Promise.all(pools.map((pool) => Promise.resolve(pool.close())));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("AnalysisPool", () => {
  // The CLI analyses in its own thread (analyzeFile); the server in the pool. Both must store the same answer.
  it.each([
    ["mesh/stl_binary.stl"],
    ["mesh/rhombicuboctahedron.3mf"],
    ["mesh/rook.amf"],
    ["mesh/hundred_cubes.obj"],
    ["dxf/polylines.dxf"],
    ["dwg/2000_entities-2d.dwg"],
    ["step/cube-mm.step"],
    ["dxf/api-cw750-details.dxf"],
  ])("gives the same analysis as the in-process engines for %s", async (relative) => {
    const source = path.join(CORPUS, relative);
    if (!fs.existsSync(source)) throw new Error(`missing fixture ${relative}`);
    const bytes = new Uint8Array(fs.readFileSync(source));
    const direct = toStoredAnalysis(await analyzeFile(bytes, path.basename(relative)));
    const pooled = await makePool().analyze(source, path.basename(relative));
    expect(pooled).toEqual(direct);
  });

  it("measures a large binary STL on two cores exactly as the one-thread engine does", async () => {
    const soup = createTorus(40, 10, 400, 200);
    const file = writeTemp("torus.stl", writeBinaryStl(soup));
    const direct = toStoredAnalysis(await analyzeFile(new Uint8Array(fs.readFileSync(file)), "torus.stl"));
    expect((direct.geometry as MeshGeometry).triangles).toBe(160_000);
    expect(await makePool().analyze(file, "torus.stl")).toEqual(JSON.parse(JSON.stringify(direct)));
  });

  it("estimates a large mesh's print on two threads exactly as one thread does", async () => {
    const soup = createTorus(40, 10, 400, 200);
    const file = writeTemp("torus.stl", writeBinaryStl(soup));
    const mesh = await parseMesh(new Uint8Array(fs.readFileSync(file)), "torus.stl");
    expect(mesh.indices.length / 3).toBeGreaterThanOrEqual(PARALLEL_SLICE_MIN_TRIANGLES);
    const profiles = [{ key: "fdm", process: "fdm" as const, settings: MK3S_QUALITY_SETTINGS }];
    const direct = { fdm: measurePrint(mesh, "fdm", MK3S_QUALITY_SETTINGS) };
    const pooled = await makePool().run({ kind: "estimate", path: file, filename: "torus.stl", profiles });
    expect(pooled).toEqual(direct);
  });

  describe("the mesh a child keeps from a large STL's analysis", () => {
    const profiles = [{ key: "fdm", process: "fdm" as const, settings: MK3S_QUALITY_SETTINGS }];
    const sha256Of = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    /** The estimate of the file's own mesh, sliced here (once per file). */
    const direct = new Map<string, Promise<unknown>>();
    const estimateOf = (file: string) => {
      if (!direct.has(file))
        direct.set(
          file,
          parseMesh(new Uint8Array(fs.readFileSync(file)), "part.stl").then((mesh) => ({
            fdm: measurePrint(mesh, "fdm", MK3S_QUALITY_SETTINGS),
          })),
        );
      return direct.get(file);
    };
    const estimate = (pool: AnalysisPool, file: string, sha256: string) =>
      pool.run({ kind: "estimate", path: file, filename: "part.stl", profiles, sha256 });
    /** Two large tori of different sizes (what the estimate gives tells them apart) and a small part. */
    let a: string, b: string, small: string;
    beforeAll(() => {
      a = writeTemp("a.stl", writeBinaryStl(createTorus(40, 10, 400, 200)));
      b = writeTemp("b.stl", writeBinaryStl(createTorus(30, 12, 400, 200)));
      small = writeTemp("box.stl", boxStl(10, 20, 30));
    });
    /** A path no file is at: an estimate there succeeds only from the kept mesh. */
    const gone = (file: string) => `${file}.gone`;

    it("is used by the estimate of the same content, which then equals the one that parses the file", async () => {
      const pool = makePool({ workers: 1 });
      await pool.analyze(a, "a.stl", sha256Of(a));
      expect(await estimate(pool, gone(a), sha256Of(a))).toEqual(await estimateOf(a));
      // Given to that estimate: the next one reads the file.
      await expectAppError(estimate(pool, gone(a), sha256Of(a)), "unreadable_file");
      expect(await estimate(pool, a, sha256Of(a))).toEqual(await estimateOf(a));
    });

    it("gives an estimate with no file at all, once; with none kept, nothing is run", async () => {
      const pool = makePool({ workers: 1 });
      const kept = (sha256: string) => pool.estimateKept({ filename: "part.stl", profiles, sha256 });
      expect(await kept(sha256Of(a))).toBeNull();
      expect(pool.load.children).toBe(0);
      await pool.analyze(a, "a.stl", sha256Of(a));
      expect(await kept(sha256Of(b))).toBeNull();
      expect(await kept(sha256Of(a))).toEqual(await estimateOf(a));
      expect(await kept(sha256Of(a))).toBeNull();
      // A child asked for a mesh it no longer holds (the pool's record was stale) answers null too.
      await pool.analyze(a, "a.stl", sha256Of(a));
      expect(await pool.run({ kind: "kept-estimate", filename: "part.stl", profiles, sha256: sha256Of(b) })).toBeNull();
      expect(await kept(sha256Of(a))).toBeNull();
    });

    it("is never another content's: a different key parses the estimate's own file", async () => {
      const pool = makePool({ workers: 1 });
      await pool.analyze(a, "a.stl", sha256Of(a));
      const ofB = await estimate(pool, b, sha256Of(b));
      expect(ofB).toEqual(await estimateOf(b));
      expect(ofB).not.toEqual(await estimateOf(a));
      // The mismatch dropped A's mesh; and an upload without a key keeps none.
      await expectAppError(estimate(pool, gone(a), sha256Of(a)), "unreadable_file");
      await pool.analyze(a, "a.stl");
      await expectAppError(estimate(pool, gone(a), sha256Of(a)), "unreadable_file");
    });

    it("is dropped when the child takes another task", async () => {
      const pool = makePool({ workers: 1 });
      await pool.analyze(a, "a.stl", sha256Of(a));
      await pool.analyze(small, "box.stl");
      await expectAppError(estimate(pool, gone(a), sha256Of(a)), "unreadable_file");
    });

    it("stays with its child while another child takes the other tasks, and the estimate goes to it", async () => {
      const pool = makePool({ workers: 2 });
      await Promise.all([pool.analyze(small, "box.stl"), pool.analyze(small, "box.stl")]);
      expect(pool.load.children).toBe(2);
      await pool.analyze(a, "a.stl", sha256Of(a));
      await pool.analyze(small, "box.stl");
      await pool.run({ kind: "estimate", path: b, filename: "b.stl", profiles, sha256: sha256Of(b) });
      expect(await estimate(pool, gone(a), sha256Of(a))).toEqual(await estimateOf(a));
    });
  });

  // A warming child takes jobs between its warm-up rounds: they must not disturb what it measures.
  it("gives the same analysis from a child that is warming up, and after", async () => {
    const source = path.join(CORPUS, "dxf/api-cw750-details.dxf");
    const direct = toStoredAnalysis(await analyzeFile(new Uint8Array(fs.readFileSync(source)), "details.dxf"));
    const pool = makePool({ workers: 1, warmUp: true });
    pool.warm();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const during = await pool.analyze(source, "details.dxf");
    expect(during).toEqual(JSON.parse(JSON.stringify(direct)));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await pool.analyze(source, "details.dxf")).toEqual(during);
    expect(pool.load).toEqual({ running: 0, waiting: 0, children: 1 });
  });

  it("passes the engines' errors through with their codes", async () => {
    const pool = makePool();
    await expectAppError(pool.analyze(writeTemp("notes.txt", "hello"), "notes.txt"), "unsupported_format");
    await expectAppError(
      pool.analyze(writeTemp("broken.ply", "ply\nformat ascii 1.0\nelement vertex 3\n"), "broken.ply"),
      "unreadable_file",
    );
    await expectAppError(pool.analyze(writeTemp("blank.stl", "solid x\nendsolid x\n"), "blank.stl"), "empty_geometry");
  });

  it("stops a job past its time limit with analysis_timeout and goes on with a fresh worker", async () => {
    const pool = makePool({ workers: 1, timeoutMs: 100 });
    const big = writeTemp("torus.stl", writeAsciiStl(createTorus(40, 10, 600, 300)));
    const error = await expectAppError(pool.analyze(big, "torus.stl"), "analysis_timeout");
    expect(error.details).toEqual({ limit_seconds: 0.1 });
    const box = await makePool({ workers: 1 }).analyze(writeTemp("box.stl", boxStl(10, 20, 30)), "box.stl");
    expect((box.geometry as MeshGeometry).volume_cm3).toBeCloseTo(6, 9);
    // The same pool serves the next job once the stuck worker is replaced.
    const again = await pool.analyze(writeTemp("small.dxf", plateDxf(100, 50)), "small.dxf");
    expect(again.kind).toBe("laser");
  });

  it("answers analysis_too_large when a job outgrows the worker's heap, and keeps serving", async () => {
    const pool = makePool({ workers: 1, memoryMb: 16 });
    const big = writeTemp("torus.stl", writeAsciiStl(createTorus(40, 10, 400, 200)));
    await expectAppError(pool.analyze(big, "torus.stl"), "analysis_too_large");
    const box = await pool.analyze(writeTemp("box.stl", boxStl(10, 10, 10)), "box.stl");
    expect((box.geometry as MeshGeometry).volume_cm3).toBeCloseTo(1, 9);
  });

  it("refuses work past its waiting line with 503 busy and Retry-After", async () => {
    const pool = makePool({ workers: 1, queue: 1 });
    const part = writeTemp("torus.stl", writeBinaryStl(createTorus(40, 10, 200, 100)));
    const first = pool.analyze(part, "torus.stl");
    const second = pool.analyze(part, "torus.stl");
    const refused = await expectAppError(pool.analyze(part, "torus.stl"), "busy");
    expect(refused.details).toEqual({ retry_after_seconds: 5 }); // the pipeline's 503 and Retry-After (lib/api/app-error.test.ts)
    await Promise.all([first, second]);
    expect(pool.load).toMatchObject({ running: 0, waiting: 0 });
  });
});
