/**
 * The mesh seen along vertical rays through the centres of a pixel grid (supports.ts): for every pixel,
 * the ranges of object layers it is inside the part, and every bottom surface where it enters the part
 * with that surface's slope. One pass over the triangles (each covers the pixel centres inside its
 * projection), a counting sort by pixel and a walk along each pixel's sorted crossings.
 */
import type { PrintProfile } from "./profile";
import type { SliceMesh } from "./slice-outlines";
import { layerCountFor } from "./slice-outlines";

export interface MeshRaster {
  /** Pixel grid: `cols` × `rows` pixels, whole cells of `oversampling` × `oversampling` pixels. */
  cols: number;
  rows: number;
  cellsX: number;
  cellsY: number;
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

/**
 * How far a bottom surface must lean out of the layer below to be an overhang (mm; the layer below is
 * never the first: a contact layer under the first layer cannot be printed), and for a dense interface.
 */
export interface OverhangRule {
  distance: number;
  denseDistance: number;
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
  // Vertices in pixel units (pixel (i, j) spans [i, i + 1) × [j, j + 1)), heights above the bed.
  const nVert = positions.length / 3;
  const U = new Float64Array(nVert),
    V = new Float64Array(nVert),
    Z = new Float64Array(nVert);
  for (let v = 0; v < nVert; v++) {
    U[v] = (positions[3 * v] - x0) / pixel - JITTER;
    V[v] = (positions[3 * v + 1] - y0) / pixel - JITTER;
    Z[v] = positions[3 * v + 2] - minZ;
  }

  const h0 = profile.firstLayerHeight,
    h = profile.layerHeight;
  // Same slicing planes as sliceOutlines: the first layer whose plane is at or above z.
  const firstAbove = (zz: number) => (zz <= h0 / 2 ? 0 : Math.ceil((zz - h0) / h + 0.5 - 1e-12));
  const plane = (i: number) => (i === 0 ? h0 / 2 : h0 + (i - 0.5) * h);
  // Overhang pixels (growable).
  let oCap = 1 << 14,
    oCount = 0;
  let oPix = new Int32Array(oCap),
    oLayer = new Int32Array(oCap),
    oDense = new Uint8Array(oCap);
  const lastMark = new Int32Array(2 * cols * rows).fill(-1);
  const mark = (p: number, layer: number, dense: number) => {
    if (lastMark[2 * p + dense] === layer) return; // neighbouring triangles touch the same pixels
    lastMark[2 * p + dense] = layer;
    if (oCount === oCap) {
      oCap *= 2;
      const p2 = new Int32Array(oCap),
        l2 = new Int32Array(oCap),
        d2 = new Uint8Array(oCap);
      p2.set(oPix);
      l2.set(oLayer);
      d2.set(oDense);
      oPix = p2;
      oLayer = l2;
      oDense = d2;
    }
    oPix[oCount] = p;
    oLayer[oCount] = layer;
    oDense[oCount++] = dense;
  };
  let overhangArea = 0; // in pixels
  const tri = new Float64Array(9),
    half = new Float64Array(15),
    clip = new Float64Array(15);
  /** Marks the pixels the convex polygon (m uvz triples in `clip`) touches, row by row. */
  const touch = (m: number, layer: number, dense: number) => {
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
      r1 = Math.min(rows - 1, Math.floor(vHi));
    const c0 = Math.max(0, Math.floor(uLo)),
      c1 = Math.min(cols - 1, Math.floor(uHi));
    if (r0 === r1) {
      for (let c = c0; c <= c1; c++) mark(r0 * cols + c, layer, dense);
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
      for (let c = a0; c <= a1; c++) mark(r * cols + c, layer, dense);
    }
  };
  /** Keeps the part of polygon `src` (m vertices) above (sign 1) or below (−1) z = bound, into `dst`. */
  const cut = (src: Float64Array, m: number, dst: Float64Array, bound: number, sign: number) => {
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
  };
  /** The triangle between lo < z < hi, into `clip`; returns its vertex count (< 3: nothing). */
  const slab = (lo: number, hi: number) => {
    const m = cut(tri, 3, half, lo, 1);
    return m < 3 ? 0 : cut(half, m, clip, hi, -1);
  };

  // Crossings of the pixel centres: pixel, z, down (1: a bottom surface, the part above it).
  let cap = Math.max(1 << 16, indices.length / 3);
  let cPix = new Int32Array(cap),
    cZ = new Float32Array(cap),
    cDown = new Uint8Array(cap);
  let count = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t],
      b = indices[t + 1],
      c = indices[t + 2];
    const au = U[a],
      av = V[a],
      az = Z[a],
      bu = U[b],
      bv = V[b],
      bz = Z[b],
      qu = U[c],
      qv = V[c],
      qz = Z[c];
    const d = (bu - au) * (qv - av) - (bv - av) * (qu - au); // 2 × projected area; < 0: faces down
    if (d > -1e-12 && d < 1e-12) continue;
    const down = d < 0 ? 1 : 0;
    const uLo = au < bu ? (au < qu ? au : qu) : bu < qu ? bu : qu,
      uHi = au > bu ? (au > qu ? au : qu) : bu > qu ? bu : qu;
    const vLo = av < bv ? (av < qv ? av : qv) : bv < qv ? bv : qv,
      vHi = av > bv ? (av > qv ? av : qv) : bv > qv ? bv : qv;
    const zHi = az > bz ? (az > qz ? az : qz) : bz > qz ? bz : qz;
    if (down && zHi > plane(1)) {
      // Per layer k the surface spans, the part of it farther from the layer below than the rule:
      // above that layer's plane by more than the distance × slope (the surface extrapolated down).
      const zLo = az < bz ? (az < qz ? az : qz) : bz < qz ? bz : qz;
      const gu = ((bz - az) * (qv - av) - (qz - az) * (bv - av)) / d,
        gv = ((qz - az) * (bu - au) - (bz - az) * (qu - au)) / d;
      const slope = Math.sqrt(gu * gu + gv * gv) / pixel; // mm of rise per mm
      const single = Math.floor(uLo) === Math.floor(uHi) && Math.floor(vLo) === Math.floor(vHi);
      tri[0] = au;
      tri[1] = av;
      tri[2] = az;
      tri[3] = bu;
      tri[4] = bv;
      tri[5] = bz;
      tri[6] = qu;
      tri[7] = qv;
      tri[8] = qz;
      const kHi = firstAbove(zHi);
      for (let k = Math.max(2, firstAbove(zLo)); k <= kHi; k++) {
        const lo = plane(k - 1) + rule.distance * slope,
          hi = plane(k) + 1e-9,
          top = hi < zHi ? hi : zHi;
        if (lo >= top || hi <= zLo) continue;
        const denseLo = plane(k - 1) + rule.denseDistance * slope;
        if (single) {
          // Within one pixel (most triangles of a fine mesh): touched if any of it is in the slab.
          const p = Math.floor(vLo) * cols + Math.floor(uLo);
          mark(p, k, 0);
          if (denseLo < top) mark(p, k, 1);
          overhangArea += zHi > zLo ? (-d / 2) * Math.min(1, (top - Math.max(lo, zLo)) / (zHi - zLo)) : -d / 2;
          continue;
        }
        const m = slab(lo, hi);
        if (m < 3) continue;
        let area = 0;
        for (let v = 0, u = m - 1; v < m; u = v++)
          area += clip[3 * u] * clip[3 * v + 1] - clip[3 * v] * clip[3 * u + 1];
        overhangArea += Math.abs(area) / 2;
        touch(m, k, 0);
        if (denseLo < top) {
          const md = slab(denseLo, hi);
          if (md >= 3) touch(md, k, 1);
        }
      }
    }
    // Pixel centres (i + ½, j + ½) inside the triangle.
    const i0 = Math.max(0, Math.ceil(uLo - 0.5)),
      i1 = Math.min(cols - 1, Math.floor(uHi - 0.5));
    if (i0 > i1) continue;
    const j0 = Math.max(0, Math.ceil(vLo - 0.5)),
      j1 = Math.min(rows - 1, Math.floor(vHi - 0.5));
    for (let j = j0; j <= j1; j++) {
      const Y = j + 0.5;
      for (let i = i0; i <= i1; i++) {
        const X = i + 0.5;
        const w0 = ((bu - X) * (qv - Y) - (bv - Y) * (qu - X)) / d;
        const w1 = ((qu - X) * (av - Y) - (qv - Y) * (au - X)) / d;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        if (count === cap) {
          cap *= 2;
          const p2 = new Int32Array(cap),
            z2 = new Float32Array(cap),
            r2 = new Uint8Array(cap);
          p2.set(cPix);
          z2.set(cZ);
          r2.set(cDown);
          cPix = p2;
          cZ = z2;
          cDown = r2;
        }
        cPix[count] = j * cols + i;
        cZ[count] = w0 * az + w1 * bz + w2 * qz;
        cDown[count++] = down;
      }
    }
  }

  // Counting sort by pixel, then each pixel's crossings by height.
  const nPix = cols * rows;
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

  const height = maxZ - minZ;
  const layers = layerCountFor(height, profile);
  const rangeStart = new Int32Array(nPix + 1);
  const rA: number[] = [],
    rB: number[] = [];
  for (let p = 0; p < nPix; p++) {
    const s = start[p],
      e = start[p + 1];
    rangeStart[p] = rA.length;
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
      const a = firstAbove(zIn),
        b = Math.min(layers - 1, firstAbove(z[k]) - 1);
      if (a > b) continue; // thinner than a layer: not in any slice
      const last = rA.length - 1;
      if (last >= rangeStart[p] && a <= rB[last] + 1) {
        rB[last] = b;
        continue;
      } // no layer of air between
      rA.push(a);
      rB.push(b);
    }
  }
  rangeStart[nPix] = rA.length;
  return {
    cols,
    rows,
    cellsX,
    cellsY,
    height,
    rangeStart,
    rangeA: Int32Array.from(rA),
    rangeB: Int32Array.from(rB),
    overhangs: { pixel: oPix.slice(0, oCount), layer: oLayer.slice(0, oCount), dense: oDense.slice(0, oCount) },
    overhangArea: overhangArea * pixel * pixel,
  };
}

function empty(): MeshRaster {
  return {
    cols: 0,
    rows: 0,
    cellsX: 0,
    cellsY: 0,
    height: 0,
    rangeStart: new Int32Array(1),
    rangeA: new Int32Array(0),
    rangeB: new Int32Array(0),
    overhangs: { pixel: new Int32Array(0), layer: new Int32Array(0), dense: new Uint8Array(0) },
    overhangArea: 0,
  };
}
