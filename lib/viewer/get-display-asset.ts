import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { resolveFromRoot } from "@/lib/paths";
import type { BlobStore } from "@/lib/files/blob-store";
import type { FileVersionRow } from "@/lib/files/get-file";
import { parseMesh } from "@/lib/geometry";
import { buildDisplayMesh } from "./build-display-mesh";
import { buildDisplayDrawing } from "./build-display-drawing";

export interface DisplayAsset {
  path: string;
  sizeBytes: number;
  contentType: "model/gltf-binary" | "application/json";
}

/** Conversions in progress, so concurrent viewers of a new version convert it once. */
const pending = new Map<string, Promise<DisplayAsset>>();

export function displayDir(): string {
  return path.join(process.env.DATA_DIR ?? resolveFromRoot("data"), "display");
}

/**
 * The compact display form of a version (GLB for meshes, contour JSON for
 * drawings), converted on first use and cached on disk as
 * `DATA_DIR/display/<version-id>.glb|.json`. Versions are immutable, so the
 * cache never goes stale.
 */
export async function getDisplayAsset(blobs: BlobStore, version: FileVersionRow): Promise<DisplayAsset> {
  const contentType = version.kind === "mesh" ? "model/gltf-binary" : "application/json";
  const file = path.join(displayDir(), `${version.id}.${version.kind === "mesh" ? "glb" : "json"}`);
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
  await Promise.all(versionIds.flatMap((id) => ["glb", "json"].map((ext) => fsp.rm(path.join(dir, `${id}.${ext}`), { force: true }))));
}

async function convert(blobs: BlobStore, version: FileVersionRow, file: string): Promise<number> {
  const bytes = await blobs.read(version.sha256);
  const out =
    version.kind === "mesh"
      ? await buildDisplayMesh(await parseMesh(bytes, version.originalName))
      : Buffer.from(JSON.stringify(await buildDisplayDrawing(bytes, version.originalName)));
  await fsp.mkdir(path.dirname(file), { recursive: true });
  // Written aside then renamed: a reader never sees half a file.
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  await fsp.writeFile(temp, out);
  await fsp.rename(temp, file);
  return out.length;
}

function statOrNull(file: string): fs.Stats | null {
  try {
    return fs.statSync(file);
  } catch {
    return null;
  }
}
