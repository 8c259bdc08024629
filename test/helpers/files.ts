import fs from "node:fs";
import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { LocalBlobStore, type BlobStore } from "@/lib/files/blob-store";
import { createFile, addFileVersion } from "@/lib/files/create-file";
import type { ReceivedUpload } from "@/lib/files/receive-upload";

/** A blob store in the test's temp folder, installed as the process-wide one. */
export function useTestBlobs(dir: string): BlobStore {
  const blobs = new LocalBlobStore(path.join(dir, "blobs"));
  (globalThis as { bengkelBlobs?: BlobStore }).bengkelBlobs = blobs;
  return blobs;
}

export function uploadFromBytes(blobs: BlobStore, bytes: Uint8Array | string, filename: string): ReceivedUpload {
  const data = typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes);
  const tempPath = path.join(blobs.tempDir(), `test-${randomBytes(8).toString("hex")}`);
  fs.writeFileSync(tempPath, data);
  return { tempPath, sha256: createHash("sha256").update(data).digest("hex"), sizeBytes: data.length, filename, fields: {} };
}

export function createTestFile(db: Db, blobs: BlobStore, workspaceId: string, bytes: Uint8Array | string, filename: string, tags: string[] = []) {
  return createFile(db, blobs, { workspaceId, upload: uploadFromBytes(blobs, bytes, filename), actor: "test", tags });
}

export function addTestVersion(db: Db, blobs: BlobStore, workspaceId: string, fileId: string, bytes: Uint8Array | string, filename: string) {
  return addFileVersion(db, blobs, { workspaceId, fileId, upload: uploadFromBytes(blobs, bytes, filename), actor: "test" });
}

/** An ASCII STL box of w×d×h mm with its corner at the origin (12 outward-facing triangles). */
export function boxStl(w: number, d: number, h: number): string {
  const v = (x: number, y: number, z: number) => [x * w, y * d, z * h];
  const quads = [
    [v(0, 0, 0), v(0, 1, 0), v(1, 1, 0), v(1, 0, 0)],
    [v(0, 0, 1), v(1, 0, 1), v(1, 1, 1), v(0, 1, 1)],
    [v(0, 0, 0), v(1, 0, 0), v(1, 0, 1), v(0, 0, 1)],
    [v(0, 1, 0), v(0, 1, 1), v(1, 1, 1), v(1, 1, 0)],
    [v(0, 0, 0), v(0, 0, 1), v(0, 1, 1), v(0, 1, 0)],
    [v(1, 0, 0), v(1, 1, 0), v(1, 1, 1), v(1, 0, 1)],
  ];
  const facet = (a: number[], b: number[], c: number[]) =>
    `facet normal 0 0 0\nouter loop\nvertex ${a.join(" ")}\nvertex ${b.join(" ")}\nvertex ${c.join(" ")}\nendloop\nendfacet`;
  const body = quads.flatMap(([a, b, c, d]) => [facet(a, b, c), facet(a, c, d)]).join("\n");
  return `solid box\n${body}\nendsolid box\n`;
}

/** A DXF with a w×h rectangle (closed LWPOLYLINE) and circles of diameter `holeD` at the given centres. */
export function plateDxf(w: number, h: number, holes: [number, number][] = [], holeD = 10): string {
  const rect = ["0", "LWPOLYLINE", "8", "0", "90", "4", "70", "1", "10", "0", "20", "0", "10", String(w), "20", "0", "10", String(w), "20", String(h), "10", "0", "20", String(h)];
  const circles = holes.flatMap(([x, y]) => ["0", "CIRCLE", "8", "0", "10", String(x), "20", String(y), "40", String(holeD / 2)]);
  return ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4", "0", "ENDSEC", "0", "SECTION", "2", "ENTITIES", ...rect, ...circles, "0", "ENDSEC", "0", "EOF", ""].join("\n");
}
