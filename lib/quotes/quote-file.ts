import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/api/app-error";
import { getFile, getFileVersion, type FileRow } from "@/lib/files/get-file";
import type { MeshGeometry } from "@/lib/geometry/types";
import type { LaserGeometry as DrawingGeometry } from "@/lib/laser/types";
import { getActiveCatalog } from "@/lib/quotes/catalog-store";
import type { LaserQuote, PrintQuote } from "@/lib/pricing";
import { newId } from "@/lib/ids";
import { buildLaserQuote, buildPrintQuote, type BuiltQuote, type PrintQuoteParams } from "./build-quote";
import { machineLimitsFromEnv, type MachineLimits } from "./machine-limits";
import { readCachedQuote, writeCachedQuote, type QuoteCacheKey } from "./quote-cache";

/** The spec's cache lifetime: a quote is valid, and reused, for 24 hours. */
export const QUOTE_TTL_MS = 24 * 60 * 60 * 1000;

export type QuoteProcess = "print_3d" | "laser";

interface QuoteRequestBase {
  workspaceId: string;
  fileId: string;
  /** Which API asked, so a wrong-process hint names an endpoint of the same API. */
  api: "v1" | "legacy";
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

export type PrintQuotePayload = QuoteMeta & { infill_percent: number; quantity: number } & BuiltQuote<MeshGeometry, PrintQuote>;
export type LaserQuotePayload = QuoteMeta & BuiltQuote<DrawingGeometry, LaserQuote>;

const FILE_KIND: Record<QuoteProcess, FileRow["kind"]> = { print_3d: "mesh", laser: "laser" };

function endpoint(api: QuoteRequest["api"], process: QuoteProcess, fileId: string): string {
  if (api === "v1") return `POST /v1/files/${fileId}/quote/${process === "laser" ? "laser" : "3dprint"}`;
  return `POST /api/files/${fileId}/quote${process === "laser" ? "/laser" : ""}`;
}

function assertProcess(file: FileRow, request: QuoteRequest): void {
  if (file.kind === FILE_KIND[request.process]) return;
  const right: QuoteProcess = file.kind === "laser" ? "laser" : "print_3d";
  const what = file.kind === "laser" ? "a 2D drawing for laser cutting" : "a 3D mesh for printing";
  throw new AppError(
    "wrong_process",
    `${file.id} is ${what} (${file.format.toUpperCase()}); quote it with ${endpoint(request.api, right, file.id)}.`,
    { details: { file_kind: file.kind, endpoint: endpoint(request.api, right, file.id) } },
  );
}

/** Everything besides file version and catalogue that changes the answer, as stable JSON. */
function canonicalParams(request: QuoteRequest, limits: MachineLimits): string {
  if (request.process === "laser") return JSON.stringify({ laser_bed_mm: limits.laserBedMm });
  const { infill_percent, materials, quantity } = request.print;
  return JSON.stringify({
    infill_percent,
    // Answers list materials in catalogue order, so the request's order and repeats do not matter.
    materials: materials ? [...new Set(materials)].sort() : null,
    quantity,
    printer_volume_mm: limits.printerVolumeMm,
  });
}

/**
 * Quotes the current version of a workspace file with the workspace's active
 * catalogue. An answer is reused for 24 h for the same version, parameters and
 * catalogue version; a reused answer differs from the original only in `cached`.
 */
export function quoteFile(db: Db, request: PrintQuoteRequest): PrintQuotePayload;
export function quoteFile(db: Db, request: LaserQuoteRequest): LaserQuotePayload;
export function quoteFile(db: Db, request: QuoteRequest): PrintQuotePayload | LaserQuotePayload {
  const now = request.now ?? new Date();
  const file = getFile(db, request.workspaceId, request.fileId);
  assertProcess(file, request);
  const catalog = getActiveCatalog(db, request.workspaceId);
  const limits = request.limits ?? machineLimitsFromEnv();
  const key: QuoteCacheKey = {
    versionId: file.currentVersionId,
    kind: request.process,
    params: canonicalParams(request, limits),
    catalogVersion: catalog.version,
  };
  const hit = readCachedQuote(db, key, now.getTime());
  if (hit) return { ...JSON.parse(hit), cached: true };

  const { version } = getFileVersion(db, request.workspaceId, file.id, file.currentVersionId);
  const meta: QuoteMeta = {
    id: newId("quote"),
    file_id: file.id,
    version_id: version.id,
    catalog_version: catalog.version,
    quoted_at: now.toISOString(),
    expires_at: new Date(now.getTime() + QUOTE_TTL_MS).toISOString(),
    cached: false,
  };
  const geometry = version.analysis.geometry;
  const payload =
    request.process === "laser"
      ? { ...meta, ...buildLaserQuote(geometry as unknown as DrawingGeometry, catalog.catalog, limits) }
      : {
          ...meta,
          infill_percent: request.print.infill_percent,
          quantity: request.print.quantity,
          ...buildPrintQuote(geometry as unknown as MeshGeometry, request.print, catalog.catalog, limits),
        };
  writeCachedQuote(db, {
    ...key,
    id: meta.id,
    workspaceId: request.workspaceId,
    fileId: file.id,
    payload: JSON.stringify(payload),
    createdAt: now.getTime(),
    expiresAt: now.getTime() + QUOTE_TTL_MS,
  });
  return payload;
}
