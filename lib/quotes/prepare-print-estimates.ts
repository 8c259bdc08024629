/**
 * Background work after a 3D version is stored (issue #15): the layer estimator's slicing, so the first
 * quote is instant, then the real slicer at a few infill levels, one run at a time, so a later quote can
 * use PrusaSlicer's own figures. Quotes never wait for any of it.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { config, dataPath } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { getBlobStore } from "@/lib/files/blob-store";
import { getFileVersion, type FileVersionRow } from "@/lib/files/get-file";
import { logError, logInfo } from "@/lib/log";
import { estimateFromBasis } from "@/lib/print-estimate/measure-print";
import { profileFromSettings } from "@/lib/print-estimate/profile-settings";
import { buildSlicerConfig, runPrusaSlicer, SlicerError } from "@/lib/slicer";
import { getActiveCatalog } from "./catalog-store";
import { familyProfiles, slicerVariant, type FamilyProfile, type SupportsMode } from "./choose-print-figures";
import { ensureLayerBases, readEstimateStates, storedEstimates, storeEstimate } from "./print-estimates";

/** Formats PrusaSlicer reads itself; other meshes keep the layer estimate. */
const SLICER_FORMATS = new Set(["stl", "obj", "3mf", "amf"]);
/** Slicer runs waiting at most; past it new versions are not queued (their layer estimate stands). */
const QUEUE_LIMIT = 200;

interface SlicerJob {
  db: Db;
  version: FileVersionRow;
  profile: FamilyProfile;
  supports: SupportsMode;
  infill: number;
}

const queue: SlicerJob[] = [];
let draining: Promise<void> | null = null;
const inFlight = new Set<Promise<unknown>>();

/** Starts the background estimates of a file's current version; returns at once. */
export function schedulePrintEstimates(db: Db, workspaceId: string, fileId: string): void {
  const { PRINT_ESTIMATE_ON_UPLOAD, SLICER_ENABLED } = config();
  if (!PRINT_ESTIMATE_ON_UPLOAD && !SLICER_ENABLED) return;
  const job = prepare(db, workspaceId, fileId)
    .catch((error) => logError("background print estimate failed", { error }))
    .finally(() => inFlight.delete(job));
  inFlight.add(job);
}

/** Waits for background estimates and slicer runs already started (tests, shutdown). */
export async function settlePrintEstimates(): Promise<void> {
  while (inFlight.size > 0 || draining) await Promise.all([...inFlight, draining]);
}

async function prepare(db: Db, workspaceId: string, fileId: string): Promise<void> {
  const { version } = await getFileVersion(db, workspaceId, fileId);
  const analysis = version.analysis;
  if (analysis.kind !== "mesh" || !analysis.geometry.is_watertight) return;
  const catalog = (await getActiveCatalog(db, workspaceId)).catalog;
  const profiles = familyProfiles(catalog, Object.keys(catalog.print_3d.families));
  const { PRINT_ESTIMATE_ON_UPLOAD, SLICER_ENABLED, SLICER_INFILL_LEVELS, SLICER_PATH } = config();
  if (PRINT_ESTIMATE_ON_UPLOAD) await ensureLayerBases(db, version, profiles);
  const format = version.originalName.split(".").pop()?.toLowerCase() ?? "";
  if (!SLICER_ENABLED || !SLICER_FORMATS.has(format) || !(await slicerInstalled(SLICER_PATH))) return;
  const done = new Set(
    (
      await readEstimateStates(
        db,
        version.id,
        profiles.map((p) => p.key),
      )
    )
      .filter((s) => s.method === "slicer")
      .map((s) => `${s.profileKey}/${s.variant}`),
  );
  const seen = new Set<string>();
  const volumeMm3 = analysis.geometry.volume_cm3 * 1000;
  for (const profile of profiles.filter((p) => p.process === "fdm")) {
    // A part that needs supports is also sliced with them (the layer estimate says which parts do).
    const modes: SupportsMode[] = (await needsSupports(db, version, profile, volumeMm3)) ? ["none", "auto"] : ["none"];
    for (const supports of modes) {
      for (const infill of SLICER_INFILL_LEVELS) {
        const id = `${profile.key}/${slicerVariant(supports, infill)}`;
        if (done.has(id) || seen.has(id)) continue;
        seen.add(id);
        enqueue({ db, version, profile, supports, infill });
      }
    }
  }
}

async function needsSupports(
  db: Db,
  version: FileVersionRow,
  profile: FamilyProfile,
  partVolumeMm3: number,
): Promise<boolean> {
  const layers = (await readEstimateStates(db, version.id, [profile.key])).find(
    (s) => s.method === "layers" && s.status === "done",
  );
  if (!layers) return false;
  const basis = await storedEstimates(db, version).basis(profile.key);
  return estimateFromBasis(basis, profile.settings, { infillPercent: 20, partVolumeMm3, supports: "none" })
    .needs_supports;
}

let missingLogged = false;
/** Said once per process: without prusa-slicer, quotes simply stay on the layer estimate. */
async function slicerInstalled(binary: string): Promise<boolean> {
  try {
    await fs.access(binary, fs.constants.X_OK);
    return true;
  } catch {
    if (!missingLogged)
      logInfo(
        `${binary} is not installed: 3D quotes use the layer estimate only (apt-get install prusa-slicer for the precise mode)`,
      );
    missingLogged = true;
    return false;
  }
}

function enqueue(job: SlicerJob): void {
  if (queue.length >= QUEUE_LIMIT) {
    logInfo("slicer queue full; version keeps its layer estimate", { version: job.version.id });
    return;
  }
  queue.push(job);
  draining ??= drain().finally(() => (draining = null));
}

async function drain(): Promise<void> {
  for (let job = queue.shift(); job; job = queue.shift()) {
    const { version } = job;
    // A run that fails outside the slicer (its blob deleted with the file meanwhile, the disk) is logged and
    // recorded nowhere, and the queue goes on: nothing waits on the drain to hear about it.
    await slice(job).catch((error) => logError(`slicer run for ${version.id} failed`, { error }));
  }
}

/**
 * One PrusaSlicer run in its own process group, niced, with a wall-time and address-space limit and a
 * private temp dir (lib/slicer). A run that fails or is killed is recorded as failed with a log line, so
 * it is not retried and quotes keep the layer estimate.
 */
async function slice(job: SlicerJob): Promise<void> {
  const { SLICER_PATH, SLICER_TIMEOUT_S, SLICER_MEMORY_MB } = config();
  const variant = slicerVariant(job.supports, job.infill);
  const tempRoot = dataPath("tmp", "slicer");
  try {
    const result = await getBlobStore().withLocalFile(job.version.sha256, async (blob) => {
      // PrusaSlicer picks the reader by extension; blobs have none, so it reads a named link to the blob.
      await fs.mkdir(tempRoot, { recursive: true });
      const link = path.join(
        tempRoot,
        `${job.version.id}-${process.pid}.${job.version.originalName.split(".").pop()!.toLowerCase()}`,
      );
      await fs.rm(link, { force: true });
      await fs.symlink(blob, link);
      try {
        return await runPrusaSlicer({
          binary: SLICER_PATH,
          meshPath: link,
          configIni: buildSlicerConfig(profileFromSettings(job.profile.settings), {
            infillPercent: job.infill,
            supports: job.supports,
          }),
          timeoutMs: SLICER_TIMEOUT_S * 1000,
          memoryMb: SLICER_MEMORY_MB,
          tempRoot,
        });
      } finally {
        await fs.rm(link, { force: true });
      }
    });
    await storeEstimate(job.db, {
      versionId: job.version.id,
      profileKey: job.profile.key,
      method: "slicer",
      variant,
      status: "done",
      data: { material_mm3: result.filament_mm3, time_s: result.time_s },
    });
  } catch (error) {
    if (!(error instanceof SlicerError)) throw error;
    logError(`slicer run for ${job.version.id} (${variant}) failed: ${error.code}`, { error: error.message });
    // Not installed is the machine's state, not the file's: nothing recorded, a later run may succeed.
    if (error.code === "slicer_not_found") return;
    await storeEstimate(job.db, {
      versionId: job.version.id,
      profileKey: job.profile.key,
      method: "slicer",
      variant,
      status: "failed",
      data: { code: error.code },
    });
  }
}
