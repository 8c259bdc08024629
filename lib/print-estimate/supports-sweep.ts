/**
 * Top-down sweep over the object layers (PrusaSlicer's bottom_contact_layers_and_layer_support_areas):
 * contacts join the projection at their layer, the projection loses the pixels the part occupies,
 * every grid cell it still touches is filled up to the part, and the layer's support is that minus the
 * part of the layers below and above it (trim_support_layers_by_object). The sweep's state is a class
 * over typed arrays, its steps methods: the same functions for every mesh, so V8 optimises them once.
 */
import type { PrintProfile } from "./profile";
import type { supportGrid, SupportPlan } from "./supports";
import { firstLayer } from "./supports-layers";
import type { MeshRaster } from "./supports-raster";

/** Per pixel, its grid cell (cells of `o` × `o` pixels, `cellsX` a row). */
export function pixelCells(raster: MeshRaster, o: number): Int32Array {
  const { cols, rows, cellsX } = raster;
  const cells = new Int32Array(cols * rows);
  for (let y = 0, p = 0; y < rows; y++) {
    const rowCell = Math.floor(y / o) * cellsX;
    for (let x = 0; x < cols; x++) cells[p++] = rowCell + Math.floor(x / o);
  }
  return cells;
}

/**
 * Per cell: pixel count, then edges free of the part, against it, and against the other kind, each across
 * (x) and along (y) the base lines (PrusaSlicer's support_material_angle 0: lines along x), then links and
 * squares (for the Euler number).
 */
const S = 9;

/** Sweeps the layers top down into `plan`'s regions; returns the contact layers and the tops of bottom contacts. */
export function sweepLayers(
  plan: SupportPlan,
  raster: MeshRaster,
  evStart: Int32Array,
  evOrder: Int32Array,
  cellOf: Int32Array,
  profile: PrintProfile,
  grid: ReturnType<typeof supportGrid>,
): Set<number> {
  const sweep = new LayerSweep(raster, cellOf, plan.layerCount, grid.oversampling, profile.supports.buildplateOnly);
  const n = plan.layerCount,
    px = grid.pixel,
    sp = profile.supports;
  const { pixel: evPixel, dense: evDense } = raster.overhangs;
  const { stamp, cellOn, cellDense, contactAt, cache } = sweep;
  const denseDepth = Math.max(1, sp.interfaceLayers); // the contact layer counts as one
  const gap = sp.xySpacing,
    grow = grid.lineSpacing / 2;
  const bottomGap = sp.bottomContactDistance > 0 ? sp.bottomContactDistance : sp.contactDistance;
  const extremes = new Set<number>(); // contact layers and the tops of bottom contacts
  const totals = new Float64Array(2 * S);
  let active = new Int32Array(cellOn.length),
    next = new Int32Array(cellOn.length),
    nActive = 0;

  for (let j = n - 1; j >= 0; j--) {
    sweep.stampChanges(j);
    let touched = false;
    for (let q = evStart[j]; q < evStart[j + 1]; q++) {
      const e = evOrder[q],
        p = evPixel[e],
        c = cellOf[p];
      if (sweep.partAt(p, j, j)) {
        touched = true;
        continue;
      }
      sweep.state[p] |= 1;
      if (!cellOn[c]) {
        cellOn[c] = 1;
        active[nActive++] = c;
        stamp[c] = j;
      }
      if (evDense[e]) contactAt[c] = j;
    }
    if (evStart[j + 1] > evStart[j]) extremes.add(j);
    // Changed cells: drop what the part occupies, refill what is left up to the part.
    let nNext = 0;
    for (let a = 0; a < nActive; a++) {
      const c = active[a];
      const dense = contactAt[c] >= j && contactAt[c] - j < denseDepth ? 2 : 1;
      if (dense !== cellDense[c]) {
        cellDense[c] = dense;
        stamp[c] = j;
      }
      if (stamp[c] !== j) {
        next[nNext++] = c;
        continue;
      }
      const refilled = sweep.refill(c, j, dense);
      if (refilled & TOUCHED) touched = true;
      if (refilled & KEPT) next[nNext++] = c;
    }
    [active, next] = [next, active];
    nActive = nNext;
    // A bottom contact (bottom_contact_distance, then one layer) where the projection lands on the part.
    if (touched) extremes.add(j + 1 + Math.round(bottomGap / profile.layerHeight));

    // Areas, boundaries (growth by half a line into free space, xy gap from the part) and islands, per
    // cell; a cell keeps its figures while neither it nor a neighbour changed.
    totals.fill(0);
    for (let a = 0; a < nActive; a++) {
      const c = active[a];
      if (sweep.neighbourhoodChanged(c, j)) sweep.cellStats(c, j);
      const t = cellDense[c] === 2 ? S : 0;
      for (let k = 0; k < S; k++) totals[t + k] += cache[S * c + k];
    }
    for (let t = 0; t < 2; t++) {
      const at = S * t;
      const count = totals[at],
        freeX = totals[at + 1],
        freeY = totals[at + 2],
        partX = totals[at + 3],
        partY = totals[at + 4],
        seamX = totals[at + 5],
        seamY = totals[at + 6],
        links = totals[at + 7],
        squares = totals[at + 8];
      if (count === 0) continue;
      const out = t === 0 ? plan.base : plan.dense;
      const partLength = ((partX + partY) * px * Math.PI) / 4; // pixel edges overstate a slanted outline by 4/π
      out.area[j] = Math.max(0, count * px * px + grow * (freeX + freeY) * px - gap * partLength);
      out.boundary[j] = (freeX + freeY + seamX + seamY) * px + partLength;
      // Base (lines along x, on the grid): links across the lines, lines on the cell edges along them,
      // and connect_base_support's arches and caps along the part, about half the boundary in all.
      // Interface (lines along y, support_material_angle + 90°, on no cell edge): the links only.
      out.links[j] = t === 0 ? out.boundary[j] / 2 : ((freeY + partY + seamY) * px) / 2;
      out.pieces[j] = Math.max(1, count - links + squares); // Euler number: islands minus holes
    }
    if (j === 0) firstLayer(plan, raster, sweep.kind, profile, grid);
  }
  return extremes;
}

/** `refill` results: the projection landed on the part; the cell still holds support. */
const TOUCHED = 1,
  KEPT = 2;

class LayerSweep {
  /**
   * Per pixel: bit 0 in the projection, bit 1 the part at this layer (build plate only: at or below it),
   * bit 2 the part at the layer below, this one or the one above (the support keeps clear of those).
   */
  readonly state: Uint8Array;
  /** Per pixel: 0 none, 1 base, 2 dense. */
  readonly kind: Uint8Array;
  readonly cellOn: Uint8Array;
  readonly cellDense: Uint8Array;
  /** Per cell: the layer it last changed at. */
  readonly stamp: Int32Array;
  readonly contactAt: Int32Array;
  /** Per cell, S figures (see S). */
  readonly cache: Float64Array;
  /** Per layer (CSR): the cells whose pixels may change there (changeStart, changed). */
  private readonly changeStart: Int32Array;
  private readonly changed: Int32Array;
  private readonly W: number;
  private readonly cellsX: number;
  private readonly rangeStart: Int32Array;
  private readonly rangeA: Int32Array;
  private readonly rangeB: Int32Array;

  constructor(
    raster: MeshRaster,
    private readonly cellOf: Int32Array,
    private readonly n: number,
    private readonly o: number,
    private readonly buildplateOnly: boolean,
  ) {
    const nCells = raster.cellsX * raster.cellsY,
      nPix = cellOf.length;
    this.W = raster.cols;
    this.cellsX = raster.cellsX;
    this.rangeStart = raster.rangeStart;
    this.rangeA = raster.rangeA;
    this.rangeB = raster.rangeB;
    this.state = new Uint8Array(nPix);
    this.kind = new Uint8Array(nPix);
    this.cellOn = new Uint8Array(nCells);
    this.cellDense = new Uint8Array(nCells);
    this.stamp = new Int32Array(nCells).fill(-1);
    this.contactAt = new Int32Array(nCells).fill(-1 << 30);
    this.cache = new Float64Array(nCells * S);
    // A cell's pixels only change where the part starts or ends near them (two layers either side, for the
    // trim by the layers around): most cells of most layers are as on the layer above and keep their state.
    const { rangeStart, rangeA, rangeB } = raster;
    const changeStart = new Int32Array(n + 1),
      layers = new Int32Array(4);
    for (let r = 0; r < rangeA.length; r++) {
      const k = this.changeLayers(rangeA[r], rangeB[r], layers);
      for (let i = 0; i < k; i++) changeStart[layers[i] + 1]++;
    }
    for (let j = 0; j < n; j++) changeStart[j + 1] += changeStart[j];
    const changed = new Int32Array(changeStart[n]);
    const fillAt = changeStart.slice(0, n);
    for (let p = 0; p < nPix; p++) {
      const c = cellOf[p];
      for (let r = rangeStart[p]; r < rangeStart[p + 1]; r++) {
        const k = this.changeLayers(rangeA[r], rangeB[r], layers);
        for (let i = 0; i < k; i++) changed[fillAt[layers[i]]++] = c;
      }
    }
    this.changeStart = changeStart;
    this.changed = changed;
  }

  /** The layers a pixel's range [a, b] of the part changes, into `out`; returns how many. */
  private changeLayers(a: number, b: number, out: Int32Array): number {
    let k = 0;
    if (a >= 2) out[k++] = a - 2;
    if (a >= 1) out[k++] = a - 1;
    if (!this.buildplateOnly && b < this.n) out[k++] = b;
    if (b + 1 < this.n) out[k++] = b + 1;
    return k;
  }

  /** Marks the cells whose pixels may change at layer j. */
  stampChanges(j: number): void {
    for (let q = this.changeStart[j]; q < this.changeStart[j + 1]; q++) this.stamp[this.changed[q]] = j;
  }

  /** Whether the part is at pixel p in layers lo..hi (build plate only, lo = hi: at or below lo). */
  partAt(p: number, lo: number, hi: number): boolean {
    const rangeA = this.rangeA,
      rangeB = this.rangeB;
    const below = this.buildplateOnly && lo === hi;
    for (let r = this.rangeStart[p]; r < this.rangeStart[p + 1]; r++)
      if ((below || rangeB[r] >= lo) && rangeA[r] <= hi) return true;
    return false;
  }

  /** Whether cell c or a neighbour changed at layer j. */
  neighbourhoodChanged(c: number, j: number): boolean {
    const stamp = this.stamp,
      cellsX = this.cellsX;
    for (let dy = -cellsX; dy <= cellsX; dy += cellsX)
      for (let dx = -1; dx <= 1; dx++) if (stamp[c + dy + dx] === j) return true;
    return false;
  }

  /** Cell c at layer j: drops what the part occupies, refills what is left up to the part (TOUCHED | KEPT). */
  refill(c: number, j: number, dense: number): number {
    const { state, kind, rangeStart, rangeA, rangeB, W, o } = this;
    const base = this.cellBase(c);
    let left = 0,
      result = 0;
    for (let row = base; row < base + o * W; row += W) {
      for (let p = row; p < row + o; p++) {
        let st = state[p] & 1;
        for (let r = rangeStart[p]; r < rangeStart[p + 1]; r++) {
          const ra = rangeA[r],
            rb = rangeB[r];
          if (ra <= j && (this.buildplateOnly || rb >= j)) st |= 2;
          if (ra <= j + 1 && rb >= j - 1) st |= 4;
        }
        if (st & 2 && st & 1) {
          st &= ~1;
          result = TOUCHED;
        }
        left += st & 1;
        state[p] = st;
      }
    }
    if (left === 0) {
      this.cellOn[c] = 0;
      this.cellDense[c] = 0;
      for (let row = base; row < base + o * W; row += W) kind.fill(0, row, row + o);
      return result;
    }
    for (let row = base; row < base + o * W; row += W) {
      for (let p = row; p < row + o; p++) {
        const st = state[p];
        state[p] = st & 2 ? st & ~1 : st | 1;
        kind[p] = st & 6 ? 0 : dense; // not on the part, nor next to it
      }
    }
    return result | KEPT;
  }

  /** One cell's pixels of its kind: count, edges (free, against the part, against the other kind; across and along x), links, squares. */
  cellStats(c: number, j: number): void {
    const { kind, state, cellOn, cellOf, W, o } = this;
    const base = this.cellBase(c);
    // Integer counters in locals, stored once: the cache is a Float64Array, slow to count in.
    let count = 0,
      freeX = 0,
      freeY = 0,
      partX = 0,
      partY = 0,
      seamX = 0,
      seamY = 0,
      links = 0,
      squares = 0;
    for (let row = base; row < base + o * W; row += W) {
      for (let p = row; p < row + o; p++) {
        const t = kind[p];
        if (t === 0) continue;
        count++;
        const right = kind[p + 1],
          down = kind[p + W];
        if (right === t) links++;
        if (down === t) links++;
        if (right === t && down === t && kind[p + W + 1] === t) squares++;
        for (let side = 0; side < 4; side++) {
          const q = side === 0 ? p - 1 : side === 1 ? p + 1 : side === 2 ? p - W : p + W;
          const k = kind[q];
          if (k === t) continue;
          const acrossX = side < 2; // an edge across x (left, right), else along x (below, above)
          if (k !== 0) {
            // base against interface: an edge of both, not of the support
            if (acrossX) seamX++;
            else seamY++;
          } else if (cellOn[cellOf[q]] ? state[q] & 4 : this.partAt(q, j - 1, j + 1)) {
            if (acrossX) partX++;
            else partY++;
          } else if (acrossX) freeX++;
          else freeY++;
        }
      }
    }
    const cache = this.cache,
      at = S * c;
    cache[at] = count;
    cache[at + 1] = freeX;
    cache[at + 2] = freeY;
    cache[at + 3] = partX;
    cache[at + 4] = partY;
    cache[at + 5] = seamX;
    cache[at + 6] = seamY;
    cache[at + 7] = links;
    cache[at + 8] = squares;
  }

  /** The first pixel of cell c. */
  private cellBase(c: number): number {
    return Math.floor(c / this.cellsX) * this.o * this.W + (c % this.cellsX) * this.o;
  }
}
