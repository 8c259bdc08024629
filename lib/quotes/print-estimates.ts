/**
 * The 3D-print estimates a quote reads (issue #15), per file version and print profile: the layer
 * estimator's basis (sliced once in an analysis child, then reused for every infill) and the real
 * slicer's figures where a background run has finished (lib/quotes/slicer-jobs.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import { printEstimates } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { preparedPerConnection } from "@/lib/db/prepared";
import { getAnalysisPool } from "@/lib/analyze/analysis-pool";
import { isDomainError } from "@/lib/errors";
import { getBlobStore } from "@/lib/files/blob-store";
import type { FileVersionRow } from "@/lib/files/get-file";
import { newId } from "@/lib/ids";
import { logError } from "@/lib/log";
import type { FamilyFigures, PriceCatalog } from "@/lib/pricing";
import type { PrintBasis } from "@/lib/print-estimate/measure-print";
import {
  familiesFor,
  familyProfiles,
  planPrintFigures,
  readPrintFigures,
  type EstimateSource,
  type EstimateState,
  type FamilyProfile,
} from "./choose-print-figures";

// Typed arrays travel as base64, tagged with their type, so a basis stays compact and exact.
const TYPED = { Float64Array, Float32Array, Int32Array, Uint32Array, Uint16Array, Uint8Array } as const;
type TypedName = keyof typeof TYPED;
const encode = (value: unknown) =>
  JSON.stringify(value, (_key, v) =>
    ArrayBuffer.isView(v) && !(v instanceof DataView)
      ? { $typed: v.constructor.name, base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") }
      : v,
  );
const decode = <T>(text: string): T =>
  JSON.parse(text, (_key, v) => {
    if (v && typeof v === "object" && typeof v.$typed === "string" && Object.hasOwn(TYPED, v.$typed)) {
      const bytes = Buffer.from(v.base64, "base64");
      return new TYPED[v.$typed as TypedName](
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
      );
    }
    return v;
  }) as T;

// Every state of the version (a few rows per profile), filtered here: one prepared statement whatever the keys.
const selectStates = preparedPerConnection("select_estimate_states", (db) =>
  db
    .select({
      profileKey: printEstimates.profileKey,
      method: printEstimates.method,
      variant: printEstimates.variant,
      status: printEstimates.status,
    })
    .from(printEstimates)
    .where(eq(printEstimates.versionId, sql.placeholder("versionId"))),
);

export async function readEstimateStates(db: Db, versionId: string, keys: string[]): Promise<EstimateState[]> {
  if (keys.length === 0) return [];
  const states = await selectStates(db).execute({ versionId });
  return states.filter((s) => keys.includes(s.profileKey));
}

export async function readEstimateData<T>(db: Db, versionId: string, state: EstimateState): Promise<T> {
  const row = (
    await db
      .select({ data: printEstimates.data })
      .from(printEstimates)
      .where(
        and(
          eq(printEstimates.versionId, versionId),
          eq(printEstimates.profileKey, state.profileKey),
          eq(printEstimates.method, state.method),
          eq(printEstimates.variant, state.variant),
        ),
      )
      .limit(1)
  )[0];
  return decode<T>(row!.data);
}

export async function storeEstimate(
  db: Db,
  row: {
    versionId: string;
    profileKey: string;
    method: "layers" | "slicer";
    variant: string;
    status: "done" | "failed";
    data: unknown;
  },
): Promise<void> {
  await db
    .insert(printEstimates)
    .values({ ...row, id: newId("printEstimate"), data: encode(row.data), createdAt: new Date() })
    .onConflictDoNothing();
}

/** Slicing jobs in flight, so concurrent quotes of a new version slice it once. */
const pending = new Map<string, Promise<void>>();

/**
 * Makes sure each profile has a layer basis (or a recorded failure) for the version, slicing the
 * missing ones in one analysis child. A file the estimator cannot take (time or memory limit) is
 * recorded as failed with its reason, so quotes fall back at once instead of retrying.
 */
export async function ensureLayerBases(db: Db, version: FileVersionRow, profiles: FamilyProfile[]): Promise<void> {
  const have = new Set(
    (
      await readEstimateStates(
        db,
        version.id,
        profiles.map((p) => p.key),
      )
    )
      .filter((s) => s.method === "layers")
      .map((s) => s.profileKey),
  );
  const missing = [...new Map(profiles.filter((p) => !have.has(p.key)).map((p) => [p.key, p])).values()];
  if (missing.length === 0) return;
  const jobKey = `${version.id}:${missing.map((p) => p.key).join(",")}`;
  let job = pending.get(jobKey);
  if (!job) {
    job = sliceVersion(db, version, missing).finally(() => pending.delete(jobKey));
    pending.set(jobKey, job);
  }
  await job;
}

async function sliceVersion(db: Db, version: FileVersionRow, profiles: FamilyProfile[]): Promise<void> {
  const pool = getAnalysisPool();
  const task = {
    filename: version.originalName,
    profiles: profiles.map(({ key, process, settings }) => ({ key, process, settings })),
    sha256: version.sha256,
  };
  try {
    // The mesh a child kept from the upload needs no copy of the blob (with S3 storage, a download).
    const bases =
      (await pool.estimateKept(task)) ??
      (await getBlobStore().withLocalFile(version.sha256, (path) => pool.run({ kind: "estimate", path, ...task })));
    for (const p of profiles)
      await storeEstimate(db, {
        versionId: version.id,
        profileKey: p.key,
        method: "layers",
        variant: "",
        status: "done",
        data: bases[p.key] satisfies PrintBasis,
      });
  } catch (error) {
    // Busy (queue full) is not the file's fault: leave nothing recorded, so the next quote tries again.
    if (!isDomainError(error) || error.code === "busy") throw error;
    logError(`print estimate of ${version.id} failed`, { error: error.code });
    for (const p of profiles)
      await storeEstimate(db, {
        versionId: version.id,
        profileKey: p.key,
        method: "layers",
        variant: "",
        status: "failed",
        data: { code: error.code, message: error.message },
      });
  }
}

export function storedEstimates(db: Db, version: FileVersionRow): EstimateSource {
  return {
    basis: async (profileKey) =>
      await readEstimateData<PrintBasis>(db, version.id, { profileKey, method: "layers", variant: "", status: "done" }),
    slicer: async (profileKey, variant) =>
      await readEstimateData<FamilyFigures>(db, version.id, { profileKey, method: "slicer", variant, status: "done" }),
  };
}

/**
 * The stored figures a reference price (PLA at 20 %, supports off) can use for a version, without
 * slicing: the layer basis or slicer runs the upload already produced; none for the fallback.
 */
export async function storedReferenceFigures(
  db: Db,
  version: FileVersionRow,
  catalog: PriceCatalog,
): Promise<Record<string, FamilyFigures>> {
  if (version.analysis.kind !== "mesh") return {};
  const geometry = version.analysis.geometry;
  const profiles = familyProfiles(catalog, familiesFor(catalog, ["pla"]));
  const states = await readEstimateStates(
    db,
    version.id,
    profiles.map((p) => p.key),
  );
  const plan = planPrintFigures(profiles, states, geometry.is_watertight, 20, "none");
  return (
    await readPrintFigures(storedEstimates(db, version), profiles, plan, {
      infill: 20,
      supports: "none",
      partVolumeMm3: geometry.volume_cm3 * 1000,
    })
  ).figures;
}
