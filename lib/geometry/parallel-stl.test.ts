import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeMesh, parseMesh } from "./index";
import {
  analyzeAndWeldStlFileInParallel,
  analyzeStlFileInParallel,
  largeBinaryStlTriangles,
  weldedStlMesh,
} from "./parallel-stl";
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

describe("analyzeAndWeldStlFileInParallel", () => {
  async function weldOnTwoThreads(file: string, filename: string) {
    const thread = new Worker(workerFile);
    try {
      return await analyzeAndWeldStlFileInParallel(file, (fs.statSync(file).size - 84) / 50, thread, filename);
    } finally {
      await thread.terminate();
    }
  }

  const bytesOf = (array: ArrayBufferView) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);

  /** The kept mesh is parseMesh's for the file, bit for bit, and the analysis is analyzeStlFileInParallel's. */
  async function expectParsedMesh(file: string) {
    const { analysis, mesh } = await weldOnTwoThreads(file, path.basename(file));
    const parsed = await parseMesh(new Uint8Array(fs.readFileSync(file)), "some/folder/part.STL");
    expect(mesh).not.toBeNull();
    const kept = weldedStlMesh(mesh!, "some/folder/part.STL");
    // Deep equality; the arrays compared as bytes (element by element, 3M indices take toEqual seconds).
    const { positions, indices, ...rest } = kept;
    const { positions: parsedPositions, indices: parsedIndices, ...parsedRest } = parsed;
    expect(rest).toEqual(parsedRest);
    expect(positions).toBeInstanceOf(parsedPositions.constructor);
    expect(indices).toBeInstanceOf(Uint32Array);
    expect(bytesOf(positions).equals(bytesOf(parsedPositions))).toBe(true);
    expect(bytesOf(indices).equals(bytesOf(parsedIndices))).toBe(true);
    expect(kept.components).toEqual([{ name: "part", firstTriangle: 0, triangleCount: parsed.indices.length / 3 }]);
    expect(analysis).toEqual(await analyzeOnTwoThreads(file));
  }

  it.each([
    "test/fixtures/corpus/mesh/stl_binary.stl",
    "eval/quotes/parts/voron2-exhaust_filter_housing.stl",
    "eval/quotes/parts/prusa-mk3s-extruder-body.stl",
    "eval/quotes/holdout/voron-trident-z_endstop.stl",
  ])("keeps parseMesh's mesh of %s", async (file) => {
    await expectParsedMesh(file);
  });

  it("keeps parseMesh's mesh of files of many chunks, of unshared triangles and of -0 coordinates", async () => {
    await expectParsedMesh(writeStl("weld-torus.stl", createTorus(60, 20, 500, 250)));
    const apart = Array.from({ length: 30_000 }, (_, t) => [t, 0, 0, t + 0.5, 0, 0, t, 0.5, 0]).flat();
    await expectParsedMesh(writeStl("weld-apart.stl", apart));
    // Every 0 of a box at the origin written as -0 in every other triangle: -0 and +0 are one vertex.
    const box = writeBinaryStl(createBox([10, 10, 10]));
    const view = new DataView(box.buffer, box.byteOffset, box.byteLength);
    let negated = 0;
    for (let t = 0; t < 12; t += 2)
      for (let v = 0; v < 9; v++) {
        const at = 84 + 50 * t + 12 + 4 * v;
        if (view.getUint32(at, true) !== 0) continue;
        view.setUint32(at, 0x80000000, true);
        negated++;
      }
    expect(negated).toBeGreaterThan(0);
    const negativeZero = path.join(directory, "negative-zero.stl");
    fs.writeFileSync(negativeZero, box);
    await expectParsedMesh(negativeZero);
  });

  it("keeps parseMesh's mesh of the 1M-triangle benchmark torus", async () => {
    const file = path.join(directory, "torus-1m.stl");
    const write = 'import("./bench/generate-torus-stl.mjs").then((m) => m.writeTorusStl(process.argv[1]))';
    execFileSync(process.execPath, ["--input-type=module", "-e", write, file]);
    await expectParsedMesh(file);
    fs.rmSync(file);
  }, 60_000);

  it("keeps no mesh of a file whose header starts like a zip archive (parseMesh may not read it as STL)", async () => {
    const file = writeStl("zip-header.stl", createTorus(30, 10, 60, 30));
    const fd = fs.openSync(file, "r+");
    fs.writeSync(fd, Buffer.from([0x50, 0x4b, 0x03, 0x04]), 0, 4, 0);
    fs.closeSync(fd);
    const { analysis, mesh } = await weldOnTwoThreads(file, "zip-header.stl");
    expect(mesh).toBeNull();
    expect(analysis.geometry.triangles).toBe(3600);
  });
});
