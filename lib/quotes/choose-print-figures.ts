/**
 * Which estimate a 3D-print quote uses, per process family (issue #15): the real slicer's figures
 * when a background run covers the requested infill and supports, else the layer estimator's, else
 * (open or broken meshes, or a file the estimator could not take) the volume-rate fallback, always
 * saying which.
 */
import { createHash } from "node:crypto";
import type { EstimateProfile } from "@/lib/analyze/analysis-task";
import { familySettings, processOf, type FamilyFigures, type PriceCatalog } from "@/lib/pricing";
import { estimateFromBasis, measurePrint, type PrintBasis } from "@/lib/print-estimate/measure-print";
import type { SliceMesh } from "@/lib/print-estimate/slice-outlines";
import type { PrintSettings, ProcessKind } from "@/lib/print-estimate/profile-settings";
import type { QuoteWarning } from "./build-quote";

/** A family's profile as the estimators need it, and the key its results are stored under. */
export interface FamilyProfile extends EstimateProfile {
  family: string;
}

/** A stored estimate's summary, read on every quote (no data decoding). */
export interface EstimateState {
  profileKey: string;
  method: "layers" | "slicer";
  variant: string;
  status: "done" | "failed";
}

/** Settings that change the sliced layers; the infill density is the quote's own parameter. */
export function profileKey(profile: Omit<EstimateProfile, "key">): string {
  const { fill_density: _infill, ...rest } = profile.settings;
  const canonical = JSON.stringify([profile.process, Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1))]);
  return createHash("sha256").update(canonical).digest("hex").slice(0, 32);
}

/** The families the requested materials print in (unknown materials are refused later, by pricing). */
export function familiesFor(catalog: PriceCatalog, materials: string[] | undefined): string[] {
  const chosen = catalog.print_3d.materials.filter((m) => !materials || materials.includes(m.id));
  return [...new Set(chosen.map((m) => m.family))];
}

// Per catalogue object (stored ones are parsed once and frozen): keys hash every setting, once.
const profilesOf = new WeakMap<PriceCatalog, Map<string, FamilyProfile[]>>();

export function familyProfiles(catalog: PriceCatalog, families: string[]): FamilyProfile[] {
  let byFamilies = profilesOf.get(catalog);
  if (!byFamilies) profilesOf.set(catalog, (byFamilies = new Map()));
  const memoKey = families.join("\u0000");
  let profiles = byFamilies.get(memoKey);
  if (!profiles)
    byFamilies.set(memoKey, (profiles = Object.freeze(buildFamilyProfiles(catalog, families)) as FamilyProfile[]));
  return profiles;
}

function buildFamilyProfiles(catalog: PriceCatalog, families: string[]): FamilyProfile[] {
  return families.map((family) => {
    const entry = catalog.print_3d.families[family];
    const process = processOf(entry);
    const settings = familySettings(family, entry);
    return { family, process, settings, key: profileKey({ process, settings }) };
  });
}

export type EstimateMethod = "slicer" | "layers" | "volume";
export type SupportsMode = "none" | "auto";

/** What a quote says about how it estimated one family: the method and every setting it used. */
export interface FamilyEstimate {
  method: EstimateMethod;
  process: ProcessKind;
  /** The slicer's infill levels the figures were read (or interpolated) from. */
  slicer_infill_percent?: number[];
  layers?: number;
  /** FDM: PrusaSlicer's automatic supports would add at least 15 % of the part's material (from the layer estimate). */
  needs_supports?: boolean;
  settings: PrintSettings;
}

export interface PrintFigurePlan {
  /** Per family, the method chosen and the stored rows it reads; its JSON is part of the cache key. */
  methods: Record<string, { method: EstimateMethod; key: string; levels?: number[]; layers?: true }>;
}

export const slicerVariant = (supports: SupportsMode, infill: number) => `${supports}:${infill}`;

/** The two slicer levels around `infill` (or the one equal to it), among the finished runs. */
function bracket(states: EstimateState[], key: string, supports: SupportsMode, infill: number): number[] | undefined {
  const levels = states
    .filter(
      (s) =>
        s.profileKey === key && s.method === "slicer" && s.status === "done" && s.variant.startsWith(`${supports}:`),
    )
    .map((s) => Number(s.variant.split(":")[1]))
    .sort((a, b) => a - b);
  if (levels.includes(infill)) return [infill];
  const above = levels.findIndex((l) => l > infill);
  return above > 0 ? [levels[above - 1], levels[above]] : undefined;
}

/** Decides per family from the stored states alone (cheap: runs before the quote-cache lookup). */
export function planPrintFigures(
  profiles: FamilyProfile[],
  states: EstimateState[],
  watertight: boolean,
  infill: number,
  supports: SupportsMode,
): PrintFigurePlan {
  const methods: PrintFigurePlan["methods"] = {};
  for (const p of profiles) {
    const levels = watertight && p.process === "fdm" ? bracket(states, p.key, supports, infill) : undefined;
    const layers = states.find((s) => s.profileKey === p.key && s.method === "layers");
    const haveLayers = watertight && layers?.status === "done";
    if (levels)
      methods[p.family] = { method: "slicer", key: p.key, levels, ...(haveLayers ? { layers: true as const } : {}) };
    else if (haveLayers) methods[p.family] = { method: "layers", key: p.key, layers: true };
    else methods[p.family] = { method: "volume", key: p.key };
  }
  return { methods };
}

/** Where the planned figures come from: the database (server) or bases computed in process (CLI). */
export interface EstimateSource {
  basis(key: string): Promise<PrintBasis>;
  slicer(key: string, variant: string): Promise<FamilyFigures>;
}

/** Reads the planned figures; families on the fallback get none (price3dPrint then uses volume ÷ rate). */
export async function readPrintFigures(
  source: EstimateSource,
  profiles: FamilyProfile[],
  plan: PrintFigurePlan,
  options: { infill: number; supports: SupportsMode; partVolumeMm3: number },
): Promise<{
  figures: Record<string, FamilyFigures>;
  estimates: Record<string, FamilyEstimate>;
  warnings: QuoteWarning[];
}> {
  const figures: Record<string, FamilyFigures> = {};
  const estimates: Record<string, FamilyEstimate> = {};
  const warnings: QuoteWarning[] = [];
  let needsSupports = false;
  for (const p of profiles) {
    const chosen = plan.methods[p.family];
    const estimate: FamilyEstimate = { method: chosen.method, process: p.process, settings: p.settings };
    // The layer estimate also says whether the part needs supports, whichever method prices it.
    const layered = chosen.layers
      ? estimateFromBasis(await source.basis(p.key), p.settings, {
          infillPercent: options.infill,
          partVolumeMm3: options.partVolumeMm3,
          supports: options.supports,
        })
      : undefined;
    if (layered && p.process === "fdm") {
      estimate.needs_supports = layered.needs_supports;
      needsSupports ||= layered.needs_supports && options.supports === "none";
    }
    if (chosen.method === "slicer") {
      const runs = await Promise.all(
        chosen.levels!.map((level) => source.slicer(p.key, slicerVariant(options.supports, level))),
      );
      const [a, b] = runs;
      const t = b ? (options.infill - chosen.levels![0]) / (chosen.levels![1] - chosen.levels![0]) : 0;
      // Between two levels both figures are close to linear in the density (more of the same infill lines).
      figures[p.family] = b
        ? {
            material_mm3: a.material_mm3 + t * (b.material_mm3 - a.material_mm3),
            time_s: a.time_s + t * (b.time_s - a.time_s),
          }
        : a;
      estimate.slicer_infill_percent = chosen.levels;
    } else if (chosen.method === "layers") {
      figures[p.family] = { material_mm3: layered!.material_mm3, time_s: layered!.time_s };
      estimate.layers = layered!.layers;
    }
    estimates[p.family] = estimate;
  }
  if (Object.values(plan.methods).some((m) => m.method === "volume")) {
    warnings.push({
      code: "ESTIMATE_FALLBACK",
      message:
        "Weight and time are a rough volume-based estimate: the mesh is not closed (or could not be sliced), so it was not sliced into layers.",
    });
  }
  if (needsSupports) {
    warnings.push({
      code: "NEEDS_SUPPORTS",
      message:
        "The part has overhangs that need support material, which this quote does not include; quote it with supports: auto.",
    });
  }
  return { figures, estimates, warnings };
}

/** The same choice without a database (`bengkel quote`): the layer estimator runs here, no slicer results. */
export async function estimateInProcess(
  mesh: SliceMesh,
  watertight: boolean,
  profiles: FamilyProfile[],
  options: { infill: number; supports: SupportsMode; partVolumeMm3: number },
): ReturnType<typeof readPrintFigures> {
  const bases = new Map<string, PrintBasis>();
  if (watertight)
    for (const p of profiles) if (!bases.has(p.key)) bases.set(p.key, measurePrint(mesh, p.process, p.settings));
  const states: EstimateState[] = [...bases.keys()].map((profileKey) => ({
    profileKey,
    method: "layers",
    variant: "",
    status: "done",
  }));
  const plan = planPrintFigures(profiles, states, watertight, options.infill, options.supports);
  const source: EstimateSource = {
    basis: async (key) => bases.get(key)!,
    slicer: async () => {
      throw new Error("no slicer results without a database");
    },
  };
  return await readPrintFigures(source, profiles, plan, options);
}
