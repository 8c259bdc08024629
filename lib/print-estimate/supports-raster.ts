/**
 * The mesh seen along vertical rays through the centres of a pixel grid (supports.ts): for every pixel,
 * the ranges of object layers it is inside the part, and every bottom surface where it enters the part
 * with that surface's slope. One pass over the triangles (each covers the pixel centres inside its
 * projection), a counting sort by pixel and a walk along each pixel's sorted crossings.
 */
import type { PrintProfile } from "./profile";
import type { SliceMesh } from "./slice-outlines";
import { layerCountFor } from "./slice-outlines";
import { doubled, layerAtOrAbove, layerPlane, OverhangMarks, type OverhangRule } from "./supports-overhangs";

export interface MeshRaster {
  /** Pixel grid: `cols` × `rows` pixels, whole cells of `oversampling` × `oversampling` pixels. */
  cols: number;
  rows: number;
  cellsX: number;
  cellsY: number;
  /** Where pixel (i, j) starts, (x0 + i × pixel, y0 + j × pixel) in the mesh's coordinates (mm). */
  x0: number;
  y0: number;
  /** Height of the mesh (mm). */
  height: number;
  /** Per pixel (CSR): object layer ranges [rangeA, rangeB] inside the part, bottom first. */
  rangeStart: Int32Array;
  rangeA: Int32Array;
  rangeB: Int32Array;
  /**
   * Overhangs: every pixel the part of a bottom surface that leans out of the layer below by more than
   * the rule allows touches (PrusaSlicer rasterises its support polygons the same way, any coverage
   * counting), with the layer above that surface and 1 where it leans out enough for a dense interface.
   */
  overhangs: { pixel: Int32Array; layer: Int32Array; dense: Uint8Array };
  /** Area of those overhanging surfaces, projected on the bed (mm²). */
  overhangArea: number;
}

/** A small offset of the pixel centres, so that they never fall exactly on a mesh edge. */
const JITTER = 1.2345e-5;

export function rasterizeMesh(
  mesh: SliceMesh,
  pixel: number,
  oversampling: number,
  pad: number,
  profile: PrintProfile,
  rule: OverhangRule,
): MeshRaster {
  const { positions, indices } = mesh;
  let minX = Infinity,
    minY = Infinity,
    minZ = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    maxZ = -Infinity;
  for (let v = 0; v < positions.length; v += 3) {
    const x = positions[v],
      y = positions[v + 1],
      z = positions[v + 2];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
  }
  const cell = pixel * oversampling;
  if (!(maxZ > minZ)) return empty();
  // PrusaSlicer slices an object centred on its bounding box and aligns the support grid's cells (and
  // the base lines) to multiples of the cell size from that centre.
  const midX = (minX + maxX) / 2,
    midY = (minY + maxY) / 2;
  const x0 = midX - Math.ceil((midX - minX + pad) / cell) * cell,
    y0 = midY - Math.ceil((midY - minY + pad) / cell) * cell;
  const cellsX = Math.ceil((maxX + pad - x0) / cell),
    cellsY = Math.ceil((maxY + pad - y0) / cell);
  const cols = cellsX * oversampling,
    rows = cellsY * oversampling;
  // Vertices in pixel units (pixel (i, j) spans [i, i + 1) × [j, j + 1)), heights above the bed, as
  // u, v, z triples: a triangle's corners are three places in memory, not nine.
  const uvz = new Float64Array(positions.length);
  for (let v = 0; v < positions.length; v += 3) {
    uvz[v] = (positions[v] - x0) / pixel - JITTER;
    uvz[v + 1] = (positions[v + 1] - y0) / pixel - JITTER;
    uvz[v + 2] = positions[v + 2] - minZ;
  }

  const marks = new OverhangMarks(cols, rows, pixel, profile, rule, indices.length / 3);
  const crossings = new Crossings(uvz, cols, rows, profile, marks, Math.max(FIRST_CROSSINGS, indices.length / 3));
  for (let t = 0; t < indices.length; t += 3)
    crossings.addTriangle(3 * indices[t], 3 * indices[t + 1], 3 * indices[t + 2]);
  const height = maxZ - minZ;
  const ranges = layerRanges(crossings, cols * rows, layerCountFor(height, profile), profile);
  return {
    cols,
    rows,
    cellsX,
    cellsY,
    x0,
    y0,
    height,
    rangeStart: ranges.rangeStart,
    rangeA: ranges.rangeA,
    rangeB: ranges.rangeB,
    overhangs: marks.overhangs(),
    overhangArea: marks.area * pixel * pixel,
  };
}

/**
 * Starting room for crossings (at least one a triangle). Small on purpose, like the overhangs' (supports-overhangs.ts):
 * the warm-up torus grows it, so the growth has run before V8 optimises the loop around it.
 */
const FIRST_CROSSINGS = 1 << 12;

/**
 * Crossings of the pixel centres: pixel, z, down (1: a bottom surface, the part above it). Added a triangle
 * per call (corner offsets in `uvz`, integers: V8 boxes the floating-point arguments of a call it does not
 * inline), so the work is a function V8 has optimised on the warm-up mesh before a large mesh's first loop.
 */
class Crossings {
  pixel: Int32Array;
  z: Float32Array;
  down: Uint8Array;
  count: number;
  private readonly secondPlane: number;

  constructor(
    private readonly uvz: Float64Array,
    private readonly cols: number,
    private readonly rows: number,
    profile: PrintProfile,
    private readonly marks: OverhangMarks,
    capacity: number,
  ) {
    this.secondPlane = layerPlane(1, profile.firstLayerHeight, profile.layerHeight);
    this.pixel = new Int32Array(capacity);
    this.z = new Float32Array(capacity);
    this.down = new Uint8Array(capacity);
    this.count = 0; // here, not in a class field initialiser (OverhangMarks says why)
  }

  /** The pixel centres (i + ½, j + ½) inside triangle a, b, c; and its overhangs if it faces down. */
  addTriangle(a: number, b: number, c: number): void {
    const { uvz, cols } = this;
    const au = uvz[a],
      av = uvz[a + 1],
      az = uvz[a + 2],
      bu = uvz[b],
      bv = uvz[b + 1],
      bz = uvz[b + 2],
      qu = uvz[c],
      qv = uvz[c + 1],
      qz = uvz[c + 2];
    const d = (bu - au) * (qv - av) - (bv - av) * (qu - au); // 2 × projected area; < 0: faces down
    if (d > -1e-12 && d < 1e-12) return;
    const down = d < 0 ? 1 : 0;
    const zHi = az > bz ? (az > qz ? az : qz) : bz > qz ? bz : qz;
    if (down && zHi > this.secondPlane) this.marks.addTriangle(uvz, a, b, c);
    const uLo = au < bu ? (au < qu ? au : qu) : bu < qu ? bu : qu,
      uHi = au > bu ? (au > qu ? au : qu) : bu > qu ? bu : qu;
    const i0 = Math.max(0, Math.ceil(uLo - 0.5)),
      i1 = Math.min(cols - 1, Math.floor(uHi - 0.5));
    if (i0 > i1) return;
    const vLo = av < bv ? (av < qv ? av : qv) : bv < qv ? bv : qv,
      vHi = av > bv ? (av > qv ? av : qv) : bv > qv ? bv : qv;
    const j0 = Math.max(0, Math.ceil(vLo - 0.5)),
      j1 = Math.min(this.rows - 1, Math.floor(vHi - 0.5));
    for (let j = j0; j <= j1; j++) {
      const Y = j + 0.5;
      for (let i = i0; i <= i1; i++) {
        const X = i + 0.5;
        const w0 = ((bu - X) * (qv - Y) - (bv - Y) * (qu - X)) / d;
        const w1 = ((qu - X) * (av - Y) - (qv - Y) * (au - X)) / d;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        if (this.count === this.pixel.length) this.grow();
        const n = this.count++;
        this.pixel[n] = j * cols + i;
        this.z[n] = w0 * az + w1 * bz + w2 * qz;
        this.down[n] = down;
      }
    }
  }

  private grow(): void {
    this.pixel = doubled(this.pixel);
    this.z = doubled(this.z);
    this.down = doubled(this.down);
  }
}

/** Counting sort of the crossings by pixel, then each pixel's by height, walked into layer ranges. */
function layerRanges(crossings: Crossings, nPix: number, layers: number, profile: PrintProfile) {
  const h0 = profile.firstLayerHeight,
    h = profile.layerHeight;
  const { pixel: cPix, z: cZ, down: cDown, count } = crossings;
  const start = new Int32Array(nPix + 1);
  for (let k = 0; k < count; k++) start[cPix[k] + 1]++;
  for (let p = 0; p < nPix; p++) start[p + 1] += start[p];
  const at = start.slice(0, nPix);
  const z = new Float32Array(count),
    down = new Uint8Array(count);
  for (let k = 0; k < count; k++) {
    const q = at[cPix[k]]++;
    z[q] = cZ[k];
    down[q] = cDown[k];
  }

  // A range ends where a crossing leaves the part, after one entering it: at most half the crossings.
  const rangeStart = new Int32Array(nPix + 1);
  const rA = new Int32Array(count >> 1),
    rB = new Int32Array(count >> 1);
  let nR = 0;
  for (let p = 0; p < nPix; p++) {
    const s = start[p],
      e = start[p + 1];
    rangeStart[p] = nR;
    if (e - s < 2) continue;
    for (let k = s + 1; k < e; k++) {
      // insertion sort: a handful of crossings per pixel
      const zk = z[k],
        dk = down[k];
      let m = k - 1;
      while (m >= s && z[m] > zk) {
        z[m + 1] = z[m];
        down[m + 1] = down[m];
        m--;
      }
      z[m + 1] = zk;
      down[m + 1] = dk;
    }
    // Nonzero winding, like the slices: entering where the depth leaves 0, leaving where it returns.
    let depth = 0,
      zIn = 0;
    for (let k = s; k < e; k++) {
      if (down[k]) {
        if (depth++ === 0) zIn = z[k];
        continue;
      }
      if (depth === 0 || --depth > 0) continue;
      const a = layerAtOrAbove(zIn, h0, h),
        b = Math.min(layers - 1, layerAtOrAbove(z[k], h0, h) - 1);
      if (a > b) continue; // thinner than a layer: not in any slice
      if (nR > rangeStart[p] && a <= rB[nR - 1] + 1) {
        rB[nR - 1] = b; // no layer of air between
        continue;
      }
      rA[nR] = a;
      rB[nR++] = b;
    }
  }
  rangeStart[nPix] = nR;
  return { rangeStart, rangeA: rA.subarray(0, nR), rangeB: rB.subarray(0, nR) };
}

function empty(): MeshRaster {
  return {
    cols: 0,
    rows: 0,
    cellsX: 0,
    cellsY: 0,
    x0: 0,
    y0: 0,
    height: 0,
    rangeStart: new Int32Array(1),
    rangeA: new Int32Array(0),
    rangeB: new Int32Array(0),
    overhangs: { pixel: new Int32Array(0), layer: new Int32Array(0), dense: new Uint8Array(0) },
    overhangArea: 0,
  };
}
