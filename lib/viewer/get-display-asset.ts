import fsp from "node:fs/promises";
import path from "node:path";
import type { BlobStore } from "@/lib/files/blob-store";
import type { FileVersionRow } from "@/lib/files/get-file";
import { getAnalysisPool } from "@/lib/analyze/analysis-pool";

export interface DisplayAsset {
  sizeBytes: number;
  contentType: "model/gltf-binary" | "application/json";
  /** The cached bytes, read when the stream is. */
  stream(): ReadableStream<Uint8Array>;
}

/** Conversions in progress, so concurrent viewers of a new version convert it once (per instance). */
const pending = new Map<string, Promise<DisplayAsset>>();

const displayName = (id: string, kind: FileVersionRow["kind"]) => `${id}.${kind === "mesh" ? "glb" : "json"}`;

/**
 * The compact display form of a version (GLB for meshes, contour JSON for drawings), converted on first use and
 * cached in the blob store's display cache as `<version-id>.glb|.json` (DATA_DIR/display, or the bucket's
 * `display/`, which every instance shares). Versions are immutable, so the cache never goes stale.
 */
export async function getDisplayAsset(blobs: BlobStore, version: FileVersionRow): Promise<DisplayAsset> {
  const contentType = version.kind === "mesh" ? "model/gltf-binary" : "application/json";
  const name = displayName(version.id, version.kind);
  const asset = (sizeBytes: number): DisplayAsset => ({
    sizeBytes,
    contentType,
    stream: () => blobs.display.stream(name),
  });
  const cached = await blobs.display.size(name);
  if (cached !== null) return asset(cached);
  let job = pending.get(version.id);
  if (!job) {
    job = convert(blobs, version, name)
      .then(asset)
      .finally(() => pending.delete(version.id));
    pending.set(version.id, job);
  }
  return job;
}

/** Display caches are per version (never shared), so a deleted file's versions take theirs along. */
export async function removeDisplayAssets(blobs: BlobStore, versionIds: string[]): Promise<void> {
  await blobs.display.delete(versionIds.flatMap((id) => [displayName(id, "mesh"), displayName(id, "laser")]));
}

/**
 * Converted in an analysis child (a stored file is still untrusted input, and a large one takes seconds) into a
 * local temp file, then moved into the display cache.
 */
async function convert(blobs: BlobStore, version: FileVersionRow, name: string): Promise<number> {
  const out = path.join(blobs.tempDir(), `display-${process.pid}-${version.id}`);
  try {
    await blobs.withLocalFile(version.sha256, (source) =>
      getAnalysisPool().run({
        kind: "display",
        path: source,
        filename: version.originalName,
        fileKind: version.kind,
        out,
      }),
    );
    return await blobs.display.putFile(out, name);
  } finally {
    await fsp.rm(out, { force: true });
  }
}
