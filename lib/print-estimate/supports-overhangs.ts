/**
 * The overhang half of the mesh raster (supports-raster.ts): per bottom surface triangle and object layer,
 * the pixels the part of it that leans out of the layer below too far touches. A class and module-level
 * functions over explicit typed-array state rather than closures made per call: V8 optimises them once for
 * every mesh, where closures made anew for each mesh deoptimised ("wrong call target") on the first large
 * mesh after the warm-up (issue #15).
 */
import type { PrintProfile } from "./profile";
import type { MeshRaster } from "./supports-raster";

/**
 * How far a bottom surface must lean out of the layer below to be an overhang (mm; the layer below is
 * never the first: a contact layer under the first layer cannot be printed), and for a dense interface.
 */
export interface OverhangRule {
  distance: number;
  denseDistance: number;
}

/** Same slicing planes as sliceOutlines: the first layer whose plane is at or above z. */
export function layerAtOrAbove(z: number, h0: number, h: number): number {
  return z <= h0 / 2 ? 0 : Math.ceil((z - h0) / h + 0.5 - 1e-12);
}

/** The height of layer i's slicing plane. */
export function layerPlane(i: number, h0: number, h: number): number {
  return i === 0 ? h0 / 2 : h0 + (i - 0.5) * h;
}

/**
 * Starting room for overhang pixels: a quarter of the triangles (the benchmark torus marks a third), at
 * least this. Small on purpose: the warm-up torus (lib/analyze/warm-up.ts) then grows the arrays too, so
 * the growth has run before V8 optimises the code around it.
 */
const FIRST_CAPACITY = 1 << 12;

/** Overhang pixels of one mesh, with the bottom surfaces' projected area, in the pixel grid's units. */
export class OverhangMarks {
  pixel: Int32Array;
  layer: Int32Array;
  dense: Uint8Array;
  count: number;
  /** Projected area of the overhanging surfaces (pixels). */
  area: number;
  /** Per pixel and kind (0 overhang, 1 dense): the layer it was last marked at. */
  private readonly last: Int32Array;
  /** The triangle (u, v, z triples) and its parts cut by one and both slab planes. */
  private readonly tri: Float64Array;
  private readonly half: Float64Array;
  private readonly clip: Float64Array;
  /** The triangle's slope (mm of rise per mm). */
  private slope: number;
  private readonly h0: number;
  private readonly h: number;
  private readonly distance: number;
  private readonly denseDistance: number;

  constructor(
    private readonly cols: number,
    private readonly rows: number,
    private readonly pixelSize: number,
    profile: PrintProfile,
    rule: OverhangRule,
    triangles: number,
  ) {
    // Every field set here, none by a class field initialiser: V8 inlines this constructor into
    // rasterizeMesh, and an initialiser's stores deoptimised it there on later meshes.
    const capacity = Math.max(FIRST_CAPACITY, triangles >> 2);
    this.count = 0;
    this.area = 0;
    this.slope = 0;
    this.tri = new Float64Array(9);
    this.half = new Float64Array(15);
    this.clip = new Float64Array(15);
    this.pixel = new Int32Array(capacity);
    this.layer = new Int32Array(capacity);
    this.dense = new Uint8Array(capacity);
    this.last = new Int32Array(2 * cols * rows).fill(-1);
    this.h0 = profile.firstLayerHeight;
    this.h = profile.layerHeight;
    this.distance = rule.distance;
    this.denseDistance = rule.denseDistance;
  }

  /**
   * A triangle facing down whose top is above the second layer's plane: corners a, b, c (offsets of u, v, z
   * triples in `uvz`: pixel units, heights above the bed). Per layer k the surface spans, the part of it
   * farther from the layer below than the rule: above that layer's plane by more than the distance × slope
   * (the surface extrapolated down). Corner offsets, not coordinates, as arguments: V8 boxes every
   * floating-point argument of a call it does not inline.
   */
  addTriangle(uvz: Float64Array, a: number, b: number, c: number): void {
    const au = uvz[a],
      av = uvz[a + 1],
      az = uvz[a + 2],
      bu = uvz[b],
      bv = uvz[b + 1],
      bz = uvz[b + 2],
      qu = uvz[c],
      qv = uvz[c + 1],
      qz = uvz[c + 2];
    const d = (bu - au) * (qv - av) - (bv - av) * (qu - au); // 2 × projected area, < 0
    const h0 = this.h0,
      h = this.h;
    const uLo = au < bu ? (au < qu ? au : qu) : bu < qu ? bu : qu,
      uHi = au > bu ? (au > qu ? au : qu) : bu > qu ? bu : qu;
    const vLo = av < bv ? (av < qv ? av : qv) : bv < qv ? bv : qv,
      vHi = av > bv ? (av > qv ? av : qv) : bv > qv ? bv : qv;
    const zLo = az < bz ? (az < qz ? az : qz) : bz < qz ? bz : qz,
      zHi = az > bz ? (az > qz ? az : qz) : bz > qz ? bz : qz;
    const gu = ((bz - az) * (qv - av) - (qz - az) * (bv - av)) / d,
      gv = ((qz - az) * (bu - au) - (bz - az) * (qu - au)) / d;
    const slope = Math.sqrt(gu * gu + gv * gv) / this.pixelSize; // mm of rise per mm
    this.slope = slope;
    const single = Math.floor(uLo) === Math.floor(uHi) && Math.floor(vLo) === Math.floor(vHi);
    const p = Math.floor(vLo) * this.cols + Math.floor(uLo);
    const tri = this.tri;
    tri[0] = au;
    tri[1] = av;
    tri[2] = az;
    tri[3] = bu;
    tri[4] = bv;
    tri[5] = bz;
    tri[6] = qu;
    tri[7] = qv;
    tri[8] = qz;
    const kHi = layerAtOrAbove(zHi, h0, h);
    for (let k = Math.max(2, layerAtOrAbove(zLo, h0, h)); k <= kHi; k++) {
      const below = layerPlane(k - 1, h0, h);
      const lo = below + this.distance * slope,
        hi = layerPlane(k, h0, h) + 1e-9,
        top = hi < zHi ? hi : zHi;
      if (lo >= top || hi <= zLo) continue;
      const denseLo = below + this.denseDistance * slope;
      if (single) {
        // Within one pixel (most triangles of a fine mesh): touched if any of it is in the slab.
        this.mark(p, k, 0);
        if (denseLo < top) this.mark(p, k, 1);
        this.area += zHi > zLo ? (-d / 2) * Math.min(1, (top - Math.max(lo, zLo)) / (zHi - zLo)) : -d / 2;
        continue;
      }
      const clip = this.clip;
      const m = this.slab(k, 0);
      if (m < 3) continue;
      let area = 0;
      for (let v = 0, u = m - 1; v < m; u = v++) area += clip[3 * u] * clip[3 * v + 1] - clip[3 * v] * clip[3 * u + 1];
      this.area += Math.abs(area) / 2;
      this.touch(m, k, 0);
      if (denseLo < top) {
        const md = this.slab(k, 1);
        if (md >= 3) this.touch(md, k, 1);
      }
    }
  }

  /** The overhang pixels found, in arrays as long as their content. */
  overhangs(): MeshRaster["overhangs"] {
    const n = this.count;
    return { pixel: this.pixel.subarray(0, n), layer: this.layer.subarray(0, n), dense: this.dense.subarray(0, n) };
  }

  /**
   * The triangle between layer k − 1's plane plus the rule's distance (dense: 1, the dense one) × its slope and
   * layer k's plane, into `clip`; returns its vertex count (< 3: nothing). Recomputes those heights, as
   * addTriangle does, rather than take them: V8 boxes the floating-point arguments of a call it does not inline.
   */
  private slab(k: number, dense: number): number {
    const h0 = this.h0,
      h = this.h;
    const lo = layerPlane(k - 1, h0, h) + (dense ? this.denseDistance : this.distance) * this.slope,
      hi = layerPlane(k, h0, h) + 1e-9;
    const m = cutPolygon(this.tri, 3, this.half, lo, 1);
    return m < 3 ? 0 : cutPolygon(this.half, m, this.clip, hi, -1);
  }

  /** Marks the pixels the convex polygon (m uvz triples in `clip`) touches, row by row. */
  private touch(m: number, layer: number, dense: number): void {
    const clip = this.clip,
      cols = this.cols;
    let uLo = Infinity,
      uHi = -Infinity,
      vLo = Infinity,
      vHi = -Infinity;
    for (let k = 0; k < 3 * m; k += 3) {
      const u = clip[k],
        v = clip[k + 1];
      if (u < uLo) uLo = u;
      if (u > uHi) uHi = u;
      if (v < vLo) vLo = v;
      if (v > vHi) vHi = v;
    }
    const r0 = Math.max(0, Math.floor(vLo)),
      r1 = Math.min(this.rows - 1, Math.floor(vHi));
    const c0 = Math.max(0, Math.floor(uLo)),
      c1 = Math.min(cols - 1, Math.floor(uHi));
    if (r0 === r1) {
      for (let c = c0; c <= c1; c++) this.mark(r0 * cols + c, layer, dense);
      return;
    }
    for (let r = r0; r <= r1; r++) {
      let lo = Infinity,
        hi = -Infinity;
      for (let k = 0, l = m - 1; k < m; l = k++) {
        const lu = clip[3 * l],
          lv = clip[3 * l + 1],
          ku = clip[3 * k],
          kv = clip[3 * k + 1];
        if (kv >= r && kv <= r + 1) {
          if (ku < lo) lo = ku;
          if (ku > hi) hi = ku;
        }
        for (let band = r; band <= r + 1; band++) {
          if (lv < band === kv < band) continue;
          const u = lu + ((band - lv) / (kv - lv)) * (ku - lu);
          if (u < lo) lo = u;
          if (u > hi) hi = u;
        }
      }
      const a0 = Math.max(c0, Math.floor(lo)),
        a1 = Math.min(c1, Math.floor(hi));
      for (let c = a0; c <= a1; c++) this.mark(r * cols + c, layer, dense);
    }
  }

  private mark(p: number, layer: number, dense: number): void {
    const key = 2 * p + dense;
    if (this.last[key] === layer) return; // neighbouring triangles touch the same pixels
    this.last[key] = layer;
    if (this.count === this.pixel.length) this.grow();
    const n = this.count++;
    this.pixel[n] = p;
    this.layer[n] = layer;
    this.dense[n] = dense;
  }

  private grow(): void {
    this.pixel = doubled(this.pixel);
    this.layer = doubled(this.layer);
    this.dense = doubled(this.dense);
  }
}

/** A typed array twice as long, starting with `array`'s elements. */
export function doubled<T extends Int32Array | Float32Array | Uint8Array>(array: T): T {
  const grown = new (array.constructor as new (length: number) => T)(2 * array.length);
  grown.set(array);
  return grown;
}

/** Keeps the part of polygon `src` (m vertices) above (sign 1) or below (−1) z = bound, into `dst`. */
function cutPolygon(src: Float64Array, m: number, dst: Float64Array, bound: number, sign: number): number {
  let k = 0;
  for (let v = 0, u = m - 1; v < m; u = v++) {
    const zu = src[3 * u + 2],
      zv = src[3 * v + 2];
    const inU = sign * (zu - bound) > 0,
      inV = sign * (zv - bound) > 0;
    if (inU !== inV) {
      const t = (bound - zu) / (zv - zu);
      dst[3 * k] = src[3 * u] + t * (src[3 * v] - src[3 * u]);
      dst[3 * k + 1] = src[3 * u + 1] + t * (src[3 * v + 1] - src[3 * u + 1]);
      dst[3 * k++ + 2] = bound;
    }
    if (inV) {
      dst[3 * k] = src[3 * v];
      dst[3 * k + 1] = src[3 * v + 1];
      dst[3 * k++ + 2] = zv;
    }
  }
  return k;
}
