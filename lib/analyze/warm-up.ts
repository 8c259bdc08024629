/**
 * Warms a fresh analysis child's laser code before the first upload reaches it. V8 optimises a function only
 * after it has run hot for a while, so a new child measured the 50,000-circle benchmark sheet in ~340, ~260 and
 * ~155 ms on its first three uploads and ~110 ms from the fifth on; after 40 analyses of this small drawing the
 * first upload took ~125 ms (docs/benchmarks.md). The drawing goes through every stage a shop drawing does:
 * the DXF scan, polyline bulges, lines and arcs chained into a contour, lone circles, nesting and measuring.
 */

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
 * as two LINEs and two ARCs, in millimetres.
 */
export function warmUpDrawing(): Uint8Array {
  const w = WARM_UP_COLUMNS * WARM_UP_PITCH_MM;
  const h = WARM_UP_ROWS * WARM_UP_PITCH_MM;
  const r = WARM_UP_HOLE_DIAMETER_MM / 2;
  const c = WARM_UP_CORNER_RADIUS_MM;
  const out = ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4", "0", "ENDSEC", "0", "SECTION", "2"];
  out.push("ENTITIES", "0", "LWPOLYLINE", "8", "0", "90", "5", "70", "1");
  // Corners (0,0) → (w,0) → (w,h-c) ⌒ (w-c,h) → (0,h): a bulge of tan(90°/4) draws a quarter circle.
  const bulge = String(Math.tan(Math.PI / 8));
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
  line(w + 25, 0, w + 45, 0);
  arc(w + 45, 270, 90);
  line(w + 45, 10, w + 25, 10);
  arc(w + 25, 90, 270);
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
    const bytes = warmUpDrawing();
    // A child started for a waiting job gets that job within a few milliseconds of being ready: it goes first.
    await sleep(FIRST_ROUND_DELAY_MS);
    for (let done = 0; done < rounds; ) {
      if (busy()) {
        await sleep(BUSY_POLL_MS);
        continue;
      }
      await analyzeDrawing(bytes, "warm-up.dxf");
      done++;
      await sleep(0); // lets a job that arrived meanwhile be seen before the next round
    }
  } catch {
    // A failed warm-up only leaves the code cold; the jobs themselves report their own errors.
  }
}
