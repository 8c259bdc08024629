import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PRINT_PROFILE, planSupports, slicePrint } from "./index";
import { MK3S_QUALITY_SETTINGS, SL1S_NORMAL_SETTINGS } from "./default-profiles";
import { measurePrint, measurePrintOnTwoThreads } from "./measure-print";
import { answerSliceRequest, askSliceThread, slicePrintInParallel, splitLayer } from "./parallel-slice";
import { profileFromSettings } from "./profile-settings";
import { triangleLayers, type SliceMesh, type TriangleLayers } from "./slice-outlines";
import { classifyReach } from "./surfaces";
import { box, frustum, joined, table, torus } from "./test-meshes";

const P = DEFAULT_PRINT_PROFILE;
/** The layer whose slab holds height z (mm above the bed). */
const layerAt = (z: number) => Math.floor((z - P.firstLayerHeight) / P.layerHeight) + 1;
const translated = (mesh: SliceMesh, dz: number): SliceMesh => ({
  positions: mesh.positions.map((v, k) => (k % 3 === 2 ? v + dz : v)),
  indices: mesh.indices,
});

// The worker is bundled exactly as scripts/build-cli.mjs bundles it for the analysis child.
let directory: string;
let workerFile: string;
let thread: Worker;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-slice-thread-"));
  workerFile = path.join(directory, "slice-thread.cjs");
  await build({
    entryPoints: ["lib/print-estimate/workers/slice-thread.ts"],
    outfile: workerFile,
    bundle: true,
    format: "cjs",
    platform: "node",
    alias: { "@": "." },
    logLevel: "warning",
  });
  thread = new Worker(workerFile);
}, 60_000);

afterAll(async () => {
  await thread?.terminate();
  fs.rmSync(directory, { recursive: true, force: true });
});

/** A plate, a torus on it, a bridge over it and a cone on its tip: tops, bottoms, bridges and slopes. */
const part = () =>
  joined(box(-25, -25, 0, 25, 25, 1.6), torus(14, 5, 64, 32), box(-6, -22, 7, 6, 22, 8.4), frustum(0.5, 8, 6, 48));

describe("slicePrintInParallel", () => {
  it("gives slicePrint's summary, the worker slicing the upper share", async () => {
    const mesh = part();
    const k = splitLayer(mesh, P);
    expect(k).toBeGreaterThanOrEqual(classifyReach(P));
    expect(k).toBeLessThanOrEqual(triangleLayers(mesh, P).layers - classifyReach(P));
    expect(await slicePrintInParallel(mesh, P, thread)).toEqual(slicePrint(mesh, P));
  });

  it("serves one request after another on the same worker, and a part too short to share", async () => {
    for (const mesh of [table(), part(), box(0, 0, 0, 10, 10, 1)])
      expect(await slicePrintInParallel(mesh, P, thread)).toEqual(slicePrint(mesh, P));
  });

  it("cuts where half the triangles' layer crossings lie below", () => {
    // A 40 mm column of 8000 long side triangles on a 1 mm plate: each layer cuts as many, so the
    // cut is at half the height, though all the column's vertices are at its ends.
    const column = joined(box(-20, -20, 0, 20, 20, 1), frustum(5, 5, 40, 4000));
    expect(Math.abs(splitLayer(column, P) - triangleLayers(column, P).layers / 2)).toBeLessThanOrEqual(1);
    // A quarter of the work below: a quarter of the height.
    expect(Math.abs(splitLayer(column, P, 0.25) - triangleLayers(column, P).layers / 4)).toBeLessThanOrEqual(1);
    // A 10 mm post under a 30 mm finely meshed torus: the cut lies in the torus, where the work is.
    const post = joined(box(-1, -1, 0, 1, 1, 10), translated(torus(30, 15, 200, 100), 10));
    const n = triangleLayers(post, P).layers;
    const k = splitLayer(post, P);
    expect(k).toBeGreaterThan(layerAt(10 + 15 - 3));
    expect(k).toBeLessThan(layerAt(10 + 15 + 3));
    expect(k).toBeLessThan(n);
  });

  it("measures the same basis as one thread, supports included", async () => {
    const mesh = table();
    const basis = await measurePrintOnTwoThreads(mesh, "fdm", MK3S_QUALITY_SETTINGS, thread);
    expect(basis).toEqual(measurePrint(mesh, "fdm", MK3S_QUALITY_SETTINGS));
    expect(basis.process === "fdm" && basis.supports).toEqual(
      planSupports(mesh, profileFromSettings(MK3S_QUALITY_SETTINGS)),
    );
  });

  it("measures a resin print's layers as one thread does, the slow-tilt ones counted on both", async () => {
    // A 100 × 60 mm plate 0.52 mm thick (6,000 mm², over 45 % of the SL1S's 128 × 81 mm display) under a torus.
    const mesh = joined(box(-50, -30, 0, 50, 30, 0.52), translated(torus(14, 5, 64, 32), 0.52));
    const basis = await measurePrintOnTwoThreads(mesh, "sla", SL1S_NORMAL_SETTINGS, thread);
    expect(basis).toEqual(measurePrint(mesh, "sla", SL1S_NORMAL_SETTINGS));
    // 10.52 mm at 0.05 mm layers (rounded, as PrusaSlicer counts them); the plate's 10 layers are the slow ones.
    expect(basis).toEqual({ process: "sla", layers: Math.round(10.52 / 0.05), slowTiltLayers: 10 });
  });

  it("answers a bad request with an error, and a worker that stops rejects", async () => {
    const reply = answerSliceRequest({
      id: 1,
      positions: undefined as unknown as Float64Array,
      indices: new Uint32Array(3),
      crossed: undefined as unknown as TriangleLayers,
      profile: P,
      from: 0,
      to: 5,
    });
    expect(reply.type).toBe("error");
    const doomed = new Worker(workerFile);
    const mesh = part();
    const { positions, indices } = mesh;
    const crossed = triangleLayers(mesh, P);
    const sliced = askSliceThread(doomed, { positions, indices, crossed, profile: P, from: 0, to: 30 });
    await doomed.terminate();
    await expect(sliced).rejects.toThrow(/slicing thread stopped/);
  });
});
