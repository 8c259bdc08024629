import type { Db } from "@/lib/db/client";
import { DomainError, isDomainError } from "@/lib/errors";
import type { FileRow, FileVersionRow } from "@/lib/files/get-file";
import type { MeshGeometry } from "@/lib/geometry/types";
import type { LaserGeometry as DrawingGeometry } from "@/lib/laser/types";
import type { LaserQuote, PrintQuote } from "@/lib/pricing";
import { newId } from "@/lib/ids";
import { buildLaserQuote, buildPrintQuote, type BuiltQuote, type PrintQuoteParams } from "./build-quote";
import {
  familiesFor,
  familyProfiles,
  planPrintFigures,
  readPrintFigures,
  type FamilyEstimate,
  type FamilyProfile,
  type PrintFigurePlan,
} from "./choose-print-figures";
import { ensureLayerBases, readEstimateStates, storedEstimates } from "./print-estimates";
import { machineLimitsFromEnv, type MachineLimits } from "./machine-limits";
import { readCachedQuote, writeCachedQuote, type QuoteCacheKey } from "./quote-cache";
import { readQuoteContext } from "./quote-context";

/** The spec's cache lifetime: a quote is valid, and reused, for 24 hours. */
export const QUOTE_TTL_MS = 24 * 60 * 60 * 1000;

export type QuoteProcess = "print_3d" | "laser";

interface QuoteRequestBase {
  workspaceId: string;
  fileId: string;
  /** Injected by tests; otherwise the clock and the environment. */
  now?: Date;
  limits?: MachineLimits;
}
export type PrintQuoteRequest = QuoteRequestBase & { process: "print_3d"; print: PrintQuoteParams };
export type LaserQuoteRequest = QuoteRequestBase & { process: "laser" };
export type QuoteRequest = PrintQuoteRequest | LaserQuoteRequest;

interface QuoteMeta {
  id: string;
  file_id: string;
  version_id: string;
  catalog_version: number;
  quoted_at: string;
  expires_at: string;
  cached: boolean;
}

export type PrintQuotePayload = QuoteMeta & {
  infill_percent: number;
  quantity: number;
  supports: "none" | "auto";
  /** Per process family: how weight and time were estimated, and the profile's settings. */
  estimate: Record<string, FamilyEstimate>;
} & BuiltQuote<MeshGeometry, PrintQuote>;
export type LaserQuotePayload = QuoteMeta & BuiltQuote<DrawingGeometry, LaserQuote>;

const FILE_KIND: Record<QuoteProcess, FileRow["kind"]> = { print_3d: "mesh", laser: "laser" };

function assertProcess(file: FileRow, request: QuoteRequest): void {
  if (file.kind === FILE_KIND[request.process]) return;
  const right: QuoteProcess = file.kind === "laser" ? "laser" : "print_3d";
  const what = file.kind === "laser" ? "a 2D drawing for laser cutting" : "a 3D mesh for printing";
  throw new DomainError(
    "wrong_process",
    `${file.id} is ${what} (${file.format.toUpperCase()}); it needs a ${right === "laser" ? "laser" : "3D-print"} quote.`,
    { details: { file_kind: file.kind, process: right } },
  );
}

/**
 * Everything besides file version and catalogue that changes the answer, as stable JSON. For prints
 * that includes the estimate method per family, last, so a slicer result replaces a layer estimate:
 * `paramsPrefix` is the same text up to it, known before the estimates are read.
 */
function canonicalParams(request: QuoteRequest, limits: MachineLimits, plan?: PrintFigurePlan): string {
  const prefix = paramsPrefix(request, limits);
  return request.process === "laser" ? `${prefix}}` : `${prefix},"estimate":${JSON.stringify(plan?.methods)}}`;
}

function paramsPrefix(request: QuoteRequest, limits: MachineLimits): string {
  if (request.process === "laser") return JSON.stringify({ laser_bed_mm: limits.laserBedMm }).slice(0, -1);
  const { infill_percent, materials, quantity, supports = "none" } = request.print;
  return JSON.stringify({
    infill_percent,
    // Answers list materials in catalogue order, so the request's order and repeats do not matter.
    materials: materials ? [...new Set(materials)].sort() : null,
    quantity,
    supports,
    printer_volume_mm: limits.printerVolumeMm,
  }).slice(0, -1);
}

/**
 * Makes sure the layer estimator has sliced the version for these profiles. A full analysis queue
 * does not fail the quote: it falls back for now, and the next quote (a different cache key) slices.
 */
async function prepareEstimates(
  db: Db,
  version: FileVersionRow,
  profiles: FamilyProfile[],
  watertight: boolean,
): Promise<void> {
  if (!watertight) return;
  try {
    await ensureLayerBases(db, version, profiles);
  } catch (error) {
    if (!(isDomainError(error) && error.code === "busy")) throw error;
  }
}

/**
 * Quotes the current version of a workspace file with the workspace's active
 * catalogue. An answer is reused for 24 h for the same version, parameters and
 * catalogue version; a reused answer differs from the original only in `cached`.
 */
export function quoteFile(db: Db, request: PrintQuoteRequest): Promise<PrintQuotePayload>;
export function quoteFile(db: Db, request: LaserQuoteRequest): Promise<LaserQuotePayload>;
export async function quoteFile(db: Db, request: QuoteRequest): Promise<PrintQuotePayload | LaserQuotePayload> {
  return JSON.parse(await quoteFileJson(db, request));
}

// A stored answer says `"cached":false` among its leading fields (ids and timestamps before it cannot
// contain that text), so its first occurrence is the flag.
const markCached = (payload: string) => payload.replace('"cached":false', '"cached":true');

/**
 * `quoteFile`'s answer as JSON text: a cached answer is sent as stored, without parsing and
 * serialising ~10 KB again on every request.
 */
export async function quoteFileJson(db: Db, request: QuoteRequest): Promise<string> {
  const now = request.now ?? new Date();
  const limits = request.limits ?? machineLimitsFromEnv();
  const context = await readQuoteContext(db, request.workspaceId, request.fileId, {
    kind: request.process,
    nowMs: now.getTime(),
    paramsPrefix: paramsPrefix(request, limits),
  });
  const { file, version, catalog } = context;
  assertProcess(file, request);
  let print: { profiles: FamilyProfile[]; plan: PrintFigurePlan } | undefined;
  if (request.process === "print_3d") {
    // assertProcess has checked the file is a mesh; its versions are all meshes.
    const watertight = version.analysis.kind === "mesh" && version.analysis.geometry.is_watertight;
    const profiles = familyProfiles(catalog.catalog, familiesFor(catalog.catalog, request.print.materials));
    const keys = profiles.map((p) => p.key);
    let states = context.estimates.filter((s) => keys.includes(s.profileKey));
    // Read once on the usual path (a cached quote); again only after slicing what was missing.
    if (watertight && keys.some((key) => !states.some((s) => s.profileKey === key && s.method === "layers"))) {
      await prepareEstimates(db, version, profiles, watertight);
      states = await readEstimateStates(db, version.id, keys);
    }
    const plan = planPrintFigures(
      profiles,
      states,
      watertight,
      request.print.infill_percent,
      request.print.supports ?? "none",
    );
    print = { profiles, plan };
  }
  const key: QuoteCacheKey = {
    versionId: version.id,
    kind: request.process,
    params: canonicalParams(request, limits, print?.plan),
    catalogVersion: catalog.version,
  };
  // Usually the entry read along; one under older estimate methods is looked up on its own, and none
  // with these parameters at all means a miss.
  const hit =
    context.cached === null
      ? undefined
      : context.cached.params === key.params
        ? context.cached.payload
        : await readCachedQuote(db, key, now.getTime());
  if (hit) return markCached(hit);

  const meta: QuoteMeta = {
    id: newId("quote"),
    file_id: file.id,
    version_id: version.id,
    catalog_version: catalog.version,
    quoted_at: now.toISOString(),
    expires_at: new Date(now.getTime() + QUOTE_TTL_MS).toISOString(),
    cached: false,
  };
  const analysis = version.analysis;
  let payload: PrintQuotePayload | LaserQuotePayload;
  if (analysis.kind === "laser") {
    payload = { ...meta, ...buildLaserQuote(analysis.geometry, catalog.catalog, limits) };
  } else if (request.process === "print_3d") {
    const mesh = analysis.geometry;
    const supports = request.print.supports ?? "none";
    const { figures, estimates, warnings } = await readPrintFigures(
      storedEstimates(db, version),
      print!.profiles,
      print!.plan,
      {
        infill: request.print.infill_percent,
        supports,
        partVolumeMm3: mesh.volume_cm3 * 1000,
      },
    );
    payload = {
      ...meta,
      infill_percent: request.print.infill_percent,
      quantity: request.print.quantity,
      supports,
      estimate: estimates,
      ...buildPrintQuote(mesh, request.print, catalog.catalog, limits, { figures, warnings }),
    };
  } else {
    // assertProcess matched the file's kind, and a file's versions all share it.
    throw new Error(`version ${version.id} is a ${analysis.kind}, not what ${file.id} is`);
  }
  const text = JSON.stringify(payload);
  await writeCachedQuote(db, {
    ...key,
    id: meta.id,
    workspaceId: request.workspaceId,
    fileId: file.id,
    payload: text,
    createdAt: now.getTime(),
    expiresAt: now.getTime() + QUOTE_TTL_MS,
  });
  return text;
}
