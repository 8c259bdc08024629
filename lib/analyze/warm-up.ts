/**
 * Warms a fresh analysis child's laser code before the first upload reaches it. V8 optimises a function only
 * after it has run hot for a while, so a new child measured the 50,000-circle benchmark sheet in ~340, ~260 and
 * ~155 ms on its first three uploads and ~110 ms from the fifth on; after 40 analyses of this small drawing the
 * first upload took ~125 ms (docs/benchmarks.md). The drawing goes through every stage a shop drawing does:
 * the DXF scan, polyline bulges, lines and arcs chained into a contour, lone circles, nesting and measuring; and
 * every other round the same plate without arcs, whose circles stay numbers (lone-circle-path.ts).
 * The 3D print estimate is warmed likewise, on a small torus and a real part (warmUpPrintEstimate).
 */
import type { Worker } from "node:worker_threads";

/** Analyses of the warm-up drawing a new child runs while it has no job. */
export const WARM_UP_ROUNDS = 40;

/** Holes of the warm-up plate: enough for its loops to be optimised, each analysis still a few milliseconds. */
export const WARM_UP_COLUMNS = 50;
export const WARM_UP_ROWS = 40;
export const WARM_UP_PITCH_MM = 8;
export const WARM_UP_HOLE_DIAMETER_MM = 5;
/** The plate's rounded corner, concentric with the hole in that corner. */
export const WARM_UP_CORNER_RADIUS_MM = 4;

/**
 * A plate (a closed LWPOLYLINE with one corner rounded by a bulge) with a grid of holes, and beside it a slot drawn
 * as two LINEs and two ARCs, in millimetres. `curved: false` leaves the corner square and the slot out: a sheet of
 * holes in a straight outline, whose circles the engine keeps as numbers (lib/laser/lone-circle-path.ts), while
 * the arcs send the curved one down the general path.
 */
export function warmUpDrawing({ curved = true }: { curved?: boolean } = {}): Uint8Array {
  const w = WARM_UP_COLUMNS * WARM_UP_PITCH_MM;
  const h = WARM_UP_ROWS * WARM_UP_PITCH_MM;
  const r = WARM_UP_HOLE_DIAMETER_MM / 2;
  const c = curved ? WARM_UP_CORNER_RADIUS_MM : 0;
  const out = ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4", "0", "ENDSEC", "0", "SECTION", "2"];
  out.push("ENTITIES", "0", "LWPOLYLINE", "8", "0", "90", "5", "70", "1");
  // Corners (0,0) → (w,0) → (w,h-c) ⌒ (w-c,h) → (0,h): a bulge of tan(90°/4) draws a quarter circle.
  const bulge = curved ? String(Math.tan(Math.PI / 8)) : "0";
  for (const [x, y, b] of [
    [0, 0, "0"],
    [w, 0, "0"],
    [w, h - c, bulge],
    [w - c, h, "0"],
    [0, h, "0"],
  ] as const)
    out.push("10", String(x), "20", String(y), "42", b);
  for (let i = 0; i < WARM_UP_COLUMNS * WARM_UP_ROWS; i++) {
    const x = (i % WARM_UP_COLUMNS) * WARM_UP_PITCH_MM + WARM_UP_PITCH_MM / 2;
    const y = Math.floor(i / WARM_UP_COLUMNS) * WARM_UP_PITCH_MM + WARM_UP_PITCH_MM / 2;
    out.push("0", "CIRCLE", "8", "0", "10", String(x), "20", String(y), "30", "0", "40", String(r));
  }
  // A 20 × 10 mm slot 20 mm right of the plate: straight sides, half-circle ends of radius 5.
  const line = (x0: number, y0: number, x1: number, y1: number) =>
    out.push("0", "LINE", "8", "0", "10", String(x0), "20", String(y0), "11", String(x1), "21", String(y1));
  const arc = (cx: number, from: number, to: number) =>
    out.push("0", "ARC", "8", "0", "10", String(cx), "20", "5", "40", "5", "50", String(from), "51", String(to));
  if (curved) {
    line(w + 25, 0, w + 45, 0);
    arc(w + 45, 270, 90);
    line(w + 45, 10, w + 25, 10);
    arc(w + 25, 90, 270);
  }
  out.push("0", "ENDSEC", "0", "EOF");
  return new TextEncoder().encode(out.join("\n") + "\n");
}

const FIRST_ROUND_DELAY_MS = 50;
const BUSY_POLL_MS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs the warm-up analyses one per turn of the event loop and only while `busy()` is false, so a job that
 * arrives waits at most for the one analysis under way. Never throws: warming is an optimisation only.
 */
export async function warmUpLaser(busy: () => boolean, rounds = WARM_UP_ROUNDS): Promise<void> {
  try {
    const { analyzeDrawing } = await import("@/lib/laser");
    // Both paths a drawing's circles can take, measured as an upload is (no display contours).
    const drawings = [warmUpDrawing(), warmUpDrawing({ curved: false })];
    // A child started for a waiting job gets that job within a few milliseconds of being ready: it goes first.
    await sleep(FIRST_ROUND_DELAY_MS);
    for (let done = 0; done < rounds; ) {
      if (busy()) {
        await sleep(BUSY_POLL_MS);
        continue;
      }
      await analyzeDrawing(drawings[done % 2], "warm-up.dxf", { contours: false });
      done++;
      await sleep(0); // lets a job that arrived meanwhile be seen before the next round
    }
  } catch {
    // A failed warm-up only leaves the code cold; the jobs themselves report their own errors.
  }
}

/** Rounds of the print estimate's warm-up (below) a new child runs while it has no job: the torus, then the part. */
export const PRINT_WARM_UP_ROUNDS = 8;
/** The warm-up torus: 120 × 60 quads (14,400 triangles), 40 mm across, 10 mm high (50 layers at 0.2 mm). */
const TORUS_MAJOR_SEGMENTS = 120;
const TORUS_MINOR_SEGMENTS = 60;
const TORUS_MAJOR_RADIUS_MM = 15;
const TORUS_MINOR_RADIUS_MM = 5;
/**
 * A real printed part (Voron 2 XY joint, 24,544 triangles, GPL-3.0; eval/quotes/SOURCES.md): holes, bosses,
 * overhangs and bridges take Clipper and the estimator down paths a torus never does. Warmed on the torus alone,
 * the first large upload still made V8 compile ~85 functions again (deoptimised on code it had not seen, ~0.8 s
 * of compiling on two busy cores); after this part too, ~25 (docs/benchmarks.md, issue #15).
 */
export const WARM_UP_PART = "eval/quotes/parts/voron2-xy_joint_left_lower_MGN12.stl";

/**
 * A closed ring torus lying on z = 0, every layer different: it goes through every step of the layer estimate.
 * Single-precision coordinates, as the meshes read from uploads have (the code is optimised for what it sees).
 */
export function warmUpTorus(): { positions: Float32Array; indices: Uint32Array } {
  const [M, N, R, r] = [TORUS_MAJOR_SEGMENTS, TORUS_MINOR_SEGMENTS, TORUS_MAJOR_RADIUS_MM, TORUS_MINOR_RADIUS_MM];
  const positions = new Float32Array(M * N * 3);
  const indices = new Uint32Array(M * N * 6);
  const at = (i: number, j: number) => (i % M) * N + (j % N);
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      const u = (2 * Math.PI * i) / M,
        v = (2 * Math.PI * j) / N;
      positions.set(
        [(R + r * Math.cos(v)) * Math.cos(u), (R + r * Math.cos(v)) * Math.sin(u), r + r * Math.sin(v)],
        3 * at(i, j),
      );
      indices.set([at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i, j + 1)], 6 * at(i, j));
    }
  }
  return { positions, indices };
}

/** The warm-up part, read and welded as an upload is; null when the file is not there (warming uses the torus). */
async function readWarmUpPart(): Promise<{ positions: Float32Array | Float64Array; indices: Uint32Array } | null> {
  const [{ readFile }, { parseMesh }, { resolveFromRoot }] = await Promise.all([
    import("node:fs/promises"),
    import("@/lib/geometry"),
    import("@/lib/paths"),
  ]);
  const bytes = await readFile(resolveFromRoot(WARM_UP_PART)).catch(() => null);
  if (!bytes) return null;
  const mesh = await parseMesh(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), "warm-up.stl");
  return { positions: mesh.positions, indices: mesh.indices };
}

/**
 * Warms the layer estimate (lib/print-estimate) on this thread and on the slicing thread, whose
 * first share of a large mesh would otherwise run about twice as slow as a warm one: each round
 * measures a mesh here (slicing, supports, estimate) while the thread slices it, then measures it as a
 * resin print on both, the torus in the first half of the rounds and the part in the second. Runs like warmUpLaser, and never throws.
 */
export async function warmUpPrintEstimate(
  busy: () => boolean,
  thread: Worker | null,
  rounds = PRINT_WARM_UP_ROUNDS,
): Promise<void> {
  try {
    const [
      { measurePrint, measurePrintOnTwoThreads },
      { askSliceThread },
      { triangleLayers },
      { MK3S_QUALITY_SETTINGS, SL1S_NORMAL_SETTINGS },
      { profileFromSettings },
    ] = await Promise.all([
      import("@/lib/print-estimate/measure-print"),
      import("@/lib/print-estimate/parallel-slice"),
      import("@/lib/print-estimate/slice-outlines"),
      import("@/lib/print-estimate/default-profiles"),
      import("@/lib/print-estimate/profile-settings"),
    ]);
    const profile = profileFromSettings(MK3S_QUALITY_SETTINGS);
    const torus = warmUpTorus();
    const part = (await readWarmUpPart()) ?? torus;
    // Each mesh's layers, found once for the slicing thread's requests.
    const crossedOf = new Map([torus, part].map((mesh) => [mesh, thread ? triangleLayers(mesh, profile) : null]));
    for (let done = 0; done < rounds; ) {
      if (busy()) {
        await sleep(BUSY_POLL_MS);
        continue;
      }
      const mesh = done < rounds / 2 ? torus : part;
      const crossed = crossedOf.get(mesh)!;
      const sliced = crossed
        ? askSliceThread(thread!, { ...mesh, crossed, profile, from: 0, to: crossed.layers })
        : null;
      measurePrint(mesh, "fdm", MK3S_QUALITY_SETTINGS);
      await sliced;
      // A resin print's layers, shared with the thread as a large mesh's are.
      if (thread) await measurePrintOnTwoThreads(mesh, "sla", SL1S_NORMAL_SETTINGS, thread);
      else measurePrint(mesh, "sla", SL1S_NORMAL_SETTINGS);
      done++;
      await sleep(0);
    }
  } catch {
    // A failed warm-up only leaves the code cold; the jobs themselves report their own errors.
  }
}
