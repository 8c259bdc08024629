import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "@/lib/files/blob-store";
import type { FileVersionRow } from "@/lib/files/get-file";
import { getAnalysisPool } from "@/lib/analyze/analysis-pool";
import { dataPath } from "@/lib/config";

export interface DisplayAsset {
  path: string;
  sizeBytes: number;
  contentType: "model/gltf-binary" | "application/json";
}

/** Conversions in progress, so concurrent viewers of a new version convert it once. */
const pending = new Map<string, Promise<DisplayAsset>>();

export function displayDir(): string {
  return dataPath("display");
}

/**
 * The compact display form of a version (GLB for meshes, contour JSON for
 * drawings), converted on first use and cached on disk as
 * `DATA_DIR/display/<version-id>.glb|.json`. Versions are immutable, so the
 * cache never goes stale.
 */
export async function getDisplayAsset(blobs: BlobStore, version: FileVersionRow): Promise<DisplayAsset> {
  const contentType = version.kind === "mesh" ? "model/gltf-binary" : "application/json";
  const file = path.join(
    /*turbopackIgnore: true*/ displayDir(),
    `${version.id}.${version.kind === "mesh" ? "glb" : "json"}`,
  );
  const cached = statOrNull(file);
  if (cached) return { path: file, sizeBytes: cached.size, contentType };
  let job = pending.get(version.id);
  if (!job) {
    job = convert(blobs, version, file)
      .then((sizeBytes): DisplayAsset => ({ path: file, sizeBytes, contentType }))
      .finally(() => pending.delete(version.id));
    pending.set(version.id, job);
  }
  return job;
}

/** Display caches are per version (never shared), so a deleted file's versions take theirs along. */
export async function removeDisplayAssets(versionIds: string[]): Promise<void> {
  const dir = displayDir();
  await Promise.all(
    versionIds.flatMap((id) =>
      ["glb", "json"].map((ext) => fsp.rm(path.join(/*turbopackIgnore: true*/ dir, `${id}.${ext}`), { force: true })),
    ),
  );
}

/** Converted in an analysis child: a stored file is still untrusted input, and a large one takes seconds. */
function convert(blobs: BlobStore, version: FileVersionRow, file: string): Promise<number> {
  return blobs.withLocalFile(version.sha256, (source) =>
    getAnalysisPool().run({
      kind: "display",
      path: source,
      filename: version.originalName,
      fileKind: version.kind,
      out: file,
    }),
  );
}

function statOrNull(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}
