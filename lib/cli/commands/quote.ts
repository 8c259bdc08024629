import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { analyzeFile } from "@/lib/analyze/analyze-file";
import { DomainError } from "@/lib/errors";
import { formatIdr, formatNumber } from "@/lib/i18n/format";
import { DEFAULT_CATALOG } from "@/lib/pricing";
import { buildLaserQuote, buildPrintQuote, type QuoteWarning } from "@/lib/quotes/build-quote";
import { estimateInProcess, familiesFor, familyProfiles } from "@/lib/quotes/choose-print-figures";
import { machineLimitsFromEnv } from "@/lib/quotes/machine-limits";
import { printResult, UsageError } from "../output";

const infillSchema = z.coerce.number().min(0).max(100).default(20);
const supportsSchema = z.enum(["none", "auto"]).default("none");

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

const warningLines = (warnings: QuoteWarning[]) => warnings.map((w) => `! ${w.code}: ${w.message}`);

/**
 * Offline quote: measures the file and prices it with the built-in default
 * catalogue (no database, so no workspace catalogue and no cache).
 */
export async function runQuote(
  args: string[],
  options: { json: boolean; infill?: string; supports?: string },
): Promise<void> {
  const file = args[0];
  if (!file) throw new UsageError("usage: bengkel quote FILE [--infill 0-100] [--supports none|auto] [--json]");
  const infill = infillSchema.safeParse(options.infill);
  if (!infill.success)
    throw new DomainError("invalid_request", "--infill must be a number from 0 to 100.", { param: "infill" });
  const supports = supportsSchema.safeParse(options.supports);
  if (!supports.success)
    throw new DomainError("invalid_request", "--supports must be none or auto.", { param: "supports" });
  // A view on the Buffer, not a copy (see analyze).
  const buffer = await fs.readFile(file);
  const name = path.basename(file);
  const analysis = await analyzeFile(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), name);
  const limits = machineLimitsFromEnv();

  if (analysis.kind === "laser") {
    const built = buildLaserQuote(analysis.geometry, DEFAULT_CATALOG, limits);
    const { cut_length_mm: cut, pierce_count: pierces, bbox_mm: bbox } = built.geometry;
    printResult({ file: name, process: "laser", catalog: "default", ...built }, options.json, () =>
      [
        `${name}: laser cutting, ${cut.toFixed(1)} mm of cut, ${pierces} pierces, ${bbox.x.toFixed(1)} × ${bbox.y.toFixed(1)} mm`,
        table(
          ["Material", "Thickness", "Cut rate", "Pierce", "Price"],
          built.quotes.map((q) => [
            q.material_label,
            `${q.thickness_mm} mm`,
            `Rp ${formatNumber(q.cut_rate_idr_per_mm, "id")}/mm`,
            formatIdr(q.pierce_fee_idr),
            formatIdr(q.price_idr),
          ]),
        ),
        ...warningLines(built.warnings),
      ].join("\n"),
    );
    return;
  }

  // The layer estimator slices here, in process, with the default catalogue's profiles.
  const { parseMesh } = await import("@/lib/geometry");
  const mesh = await parseMesh(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength), name);
  const profiles = familyProfiles(DEFAULT_CATALOG, familiesFor(DEFAULT_CATALOG, undefined));
  const estimate = await estimateInProcess(mesh, analysis.geometry.is_watertight, profiles, {
    infill: infill.data,
    supports: supports.data,
    partVolumeMm3: analysis.geometry.volume_cm3 * 1000,
  });
  const built = buildPrintQuote(
    analysis.geometry,
    { infill_percent: infill.data, quantity: 1 },
    DEFAULT_CATALOG,
    limits,
    estimate,
  );
  const { volume_cm3: volume, surface_area_cm2: area, bbox_mm: bbox } = built.geometry;
  const result = {
    file: name,
    process: "print_3d",
    catalog: "default",
    infill_percent: infill.data,
    supports: supports.data,
    estimate: estimate.estimates,
    ...built,
  };
  printResult(result, options.json, () =>
    [
      `${name}: 3D printing at ${infill.data} % infill${supports.data === "auto" ? " with supports" : ""}, ${volume.toFixed(2)} cm³, ${area.toFixed(2)} cm², ` +
        `${bbox.x.toFixed(1)} × ${bbox.y.toFixed(1)} × ${bbox.z.toFixed(1)} mm`,
      table(
        ["Material", "Weight", "Time", "Price"],
        built.quotes.map((q) => [
          q.material_label,
          `${q.weight_g.toFixed(2)} g`,
          `${q.print_time_min.toFixed(1)} min`,
          formatIdr(q.price_idr),
        ]),
      ),
      ...warningLines(built.warnings),
    ].join("\n"),
  );
}
