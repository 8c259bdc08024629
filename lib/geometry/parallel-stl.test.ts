import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeMesh } from "./index";
import { analyzeStlFileInParallel, largeBinaryStlTriangles } from "./parallel-stl";
import { PARALLEL_STL_MIN_TRIANGLES } from "./stl-size";
import { expectAppError, expectClose } from "./testing/expectations";
import { computeTorusVolumeAndArea } from "./testing/reference-volume";
import { createBox, createTorus, invertSoup, translateSoup, type TriangleSoup } from "./testing/shapes";
import { writeBinaryStl } from "./testing/writers";

// The worker is bundled exactly as scripts/build-cli.mjs bundles it for the CLI.
let directory: string;
let workerFile: string;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-stl-thread-"));
  workerFile = path.join(directory, "stl-thread.cjs");
  await build({
    entryPoints: ["lib/geometry/workers/stl-thread.ts"],
    outfile: workerFile,
    bundle: true,
    format: "cjs",
    platform: "node",
    alias: { "@": "." },
    logLevel: "warning",
  });
}, 60_000);

afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

function writeStl(name: string, soup: TriangleSoup): string {
  const file = path.join(directory, name);
  fs.writeFileSync(file, writeBinaryStl(soup));
  return file;
}

async function analyzeOnTwoThreads(file: string, triangles = (fs.statSync(file).size - 84) / 50) {
  const thread = new Worker(workerFile);
  try {
    return await analyzeStlFileInParallel(file, triangles, thread);
  } finally {
    await thread.terminate();
  }
}

/** Every figure of the one-thread path; sums in a different order may differ in the last bits. */
async function expectSameAsOneThread(file: string) {
  const [parallel, serial] = await Promise.all([
    analyzeOnTwoThreads(file),
    analyzeMesh(new Uint8Array(fs.readFileSync(file)), path.basename(file)),
  ]);
  const { volume_cm3, surface_area_cm2, ...rest } = parallel.geometry;
  const { volume_cm3: serialVolume, surface_area_cm2: serialArea, ...serialRest } = serial.geometry;
  expectClose(volume_cm3, serialVolume, 1e-12);
  expectClose(surface_area_cm2, serialArea, 1e-12);
  expect(rest).toEqual(serialRest);
  expect(parallel.components.map((c) => c.name)).toEqual(serial.components.map((c) => c.name));
  return parallel;
}

describe("analyzeStlFileInParallel", () => {
  it("measures a closed torus like the one-thread path and like the exact polyhedron", async () => {
    const file = writeStl("torus.stl", createTorus(60, 20, 240, 120));
    const analysis = await expectSameAsOneThread(file);
    const exact = computeTorusVolumeAndArea(60, 20, 240, 120);
    expectClose(analysis.geometry.volume_cm3, exact.volume / 1000, 1e-6);
    expectClose(analysis.geometry.surface_area_cm2, exact.area / 100, 1e-6);
    expect(analysis.geometry).toMatchObject({
      triangles: 57_600,
      vertices: 28_800,
      parts: 1,
      is_manifold: true,
      is_winding_consistent: true,
    });
    expect(analysis.components[0].name).toBe("torus");
  });

  it("a 40 × 30 × 20 mm box is 24 cm³ and 52 cm²", async () => {
    const analysis = await expectSameAsOneThread(writeStl("box.stl", createBox([40, 30, 20])));
    expectClose(analysis.geometry.volume_cm3, 24, 1e-9);
    expectClose(analysis.geometry.surface_area_cm2, 52, 1e-9);
    expect(analysis.geometry.bbox_mm).toEqual({ x: 40, y: 30, z: 20 });
  });

  it("counts open edges, flipped triangles, shells and degenerate triangles like the one-thread path", async () => {
    const torus = createTorus(30, 10, 60, 30);
    const open = torus.slice(0, torus.length - 9 * 4);
    const flipped = [...invertSoup(torus.slice(0, 9)), ...torus.slice(9)];
    const twoShells = [...torus, ...translateSoup(createBox([5, 5, 5]), [100, 0, 0])];
    const degenerate = [...torus, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect((await expectSameAsOneThread(writeStl("open.stl", open))).geometry.is_watertight).toBe(false);
    expect((await expectSameAsOneThread(writeStl("flipped.stl", flipped))).geometry.is_winding_consistent).toBe(false);
    expect((await expectSameAsOneThread(writeStl("shells.stl", twoShells))).geometry.parts).toBe(2);
    expect((await expectSameAsOneThread(writeStl("degenerate.stl", degenerate))).geometry.degenerate_triangles).toBe(2);
  });

  it("passes a file of many chunks through the ring to the worker (250,000 triangles, 13 chunks)", async () => {
    const analysis = await expectSameAsOneThread(writeStl("large-torus.stl", createTorus(60, 20, 500, 250)));
    const exact = computeTorusVolumeAndArea(60, 20, 500, 250);
    expectClose(analysis.geometry.volume_cm3, exact.volume / 1000, 1e-6);
    expect(analysis.geometry).toMatchObject({ triangles: 250_000, vertices: 125_000, parts: 1, is_manifold: true });
  });

  it("a mesh with more vertices than a closed one has (unshared triangles) outgrows the shared memory", async () => {
    // 60,000 separate triangles on a 10 mm grid: 3 vertices and 3 open edges each.
    const apart = Array.from({ length: 60_000 }, (_, t) => {
      const x = (t % 300) * 10,
        y = Math.floor(t / 300) * 10;
      return [x, y, 0, x + 5, y, 0, x, y + 5, 0];
    }).flat();
    const analysis = await expectSameAsOneThread(writeStl("apart.stl", apart));
    expect(analysis.geometry).toMatchObject({
      triangles: 60_000,
      vertices: 180_000,
      parts: 60_000,
      is_watertight: false,
    });
    expect(analysis.geometry.warnings[0].message).toMatch(/^180,000 edges belong to only one triangle/);
  });

  it("reports a NaN or infinite coordinate as unreadable, wherever it is", async () => {
    for (const [triangle, bits] of [
      [3000, 0x7fc00000],
      [3000, 0x7fc00005],
      [0, 0x7f800000],
      [3599, 0xff800000],
    ]) {
      const bytes = writeBinaryStl(createTorus(30, 10, 60, 30));
      new DataView(bytes.buffer).setUint32(84 + 50 * triangle + 12, bits, true);
      const file = path.join(directory, `nan-${triangle}-${bits}.stl`);
      fs.writeFileSync(file, bytes);
      await expectAppError(
        analyzeOnTwoThreads(file),
        "unreadable_file",
        new RegExp(`triangle ${triangle + 1} has a coordinate that is not a finite number`),
      );
    }
  });

  it("a file that becomes shorter while it is read is unreadable, not a crash", async () => {
    const file = writeStl("shrinking.stl", createTorus(30, 10, 60, 30));
    const triangles = (fs.statSync(file).size - 84) / 50;
    fs.truncateSync(file, 84 + 50 * 1000);
    await expectAppError(analyzeOnTwoThreads(file, triangles), "unreadable_file", /became shorter/);
  });

  it("largeBinaryStlTriangles takes only binary STL of exact size with enough triangles", () => {
    const small = writeStl("small.stl", createBox([1, 1, 1]));
    expect(largeBinaryStlTriangles(small)).toBeNull();
    const header = Buffer.alloc(84);
    header.writeUInt32LE(PARALLEL_STL_MIN_TRIANGLES, 80);
    const large = path.join(directory, "large.stl");
    fs.writeFileSync(large, Buffer.concat([header, Buffer.alloc(50 * PARALLEL_STL_MIN_TRIANGLES)]));
    expect(largeBinaryStlTriangles(large)).toBe(PARALLEL_STL_MIN_TRIANGLES);
    fs.appendFileSync(large, "x");
    expect(largeBinaryStlTriangles(large)).toBeNull();
  });
});
