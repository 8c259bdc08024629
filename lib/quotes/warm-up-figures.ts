/**
 * Warms, once per server process, the code that turns a stored print basis into a quote's weight and
 * time (estimateFromBasis, issue #15). It runs on the server's own thread for every 3D quote, and cold
 * it made the first quote after a start tens of milliseconds slower than the next. The basis is a real
 * one: the analysis child estimates the warm-up part of lib/analyze/warm-up.ts, which warms the child too.
 */
import { getAnalysisPool } from "@/lib/analyze/analysis-pool";
import { WARM_UP_PART } from "@/lib/analyze/warm-up";
import { resolveFromRoot } from "@/lib/paths";
import { MK3S_QUALITY_SETTINGS } from "@/lib/print-estimate/default-profiles";
import { estimateFromBasis } from "@/lib/print-estimate/measure-print";

/** Rounds of estimateFromBasis, each at another infill, with and without supports (~1 ms each once warm). */
const ROUNDS = 40;

/** Never throws and never blocks for more than one round: a failed warm-up only leaves the code cold. */
export async function warmUpPrintFigures(): Promise<void> {
  try {
    const settings = MK3S_QUALITY_SETTINGS;
    const { fdm: basis } = await getAnalysisPool().run({
      kind: "estimate",
      path: resolveFromRoot(WARM_UP_PART),
      filename: "warm-up.stl",
      profiles: [{ key: "fdm", process: "fdm", settings }],
    });
    for (let i = 0; i < ROUNDS; i++) {
      estimateFromBasis(basis, settings, {
        infillPercent: 5 * (1 + (i % 20)),
        partVolumeMm3: 1,
        supports: i % 2 === 0 ? "none" : "auto",
      });
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch {
    // Nothing to report: the quotes themselves report their own errors.
  }
}
