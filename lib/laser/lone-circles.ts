import type { DrawingEntity } from "./types";
import type { Segment } from "./geometry/segments";
import type { Affine } from "./geometry/transform";
import { circularArcOf, NO_ARC, ONE_ARC } from "./emit-arcs";

/**
 * Plain CIRCLEs of model space (no own linetype, extrusion, paper-space flag or angles) as numbers, in drawing
 * order, in drawing units. Hand-written typed storage rather than an object per entity: a sheet of 50,000 holes
 * spent more time making, walking and collecting those objects than measuring them (docs/benchmarks.md, issue
 * #18). The DXF reader fills it as model space is walked (read-dxf.ts); the walk drains it in order
 * (explode-entities.ts), so each circle is still met at its place among the other entities.
 */
export class PlainCircles {
  count = 0;
  /** cx, cy, cz, r per circle. */
  data = new Float64Array(4 * 1024);
  readonly layers = new LayerColumn();

  /** Diverted circles are held until drained: beyond this many a hostile file's circles go the general way. */
  static readonly MAX = 2_000_000;

  add(cx: number, cy: number, cz: number, r: number, layer: string): void {
    if (4 * this.count === this.data.length) {
      const grown = new Float64Array(2 * this.data.length);
      grown.set(this.data);
      this.data = grown;
    }
    const at = 4 * this.count++;
    this.data[at] = cx;
    this.data[at + 1] = cy;
    this.data[at + 2] = cz;
    this.data[at + 3] = r;
    this.layers.push(layer);
  }

  /** Circle i as the entity the DXF reader would have made of it (dxf-entities.ts, readArc). */
  entity(i: number): DrawingEntity {
    const d = this.data;
    return {
      type: "arc",
      layer: this.layers.get(i),
      center: [d[4 * i], d[4 * i + 1], d[4 * i + 2]],
      radius: d[4 * i + 3],
      start: 0,
      end: 360 * (Math.PI / 180),
      full: true,
      extrusion: [0, 0, 1],
    };
  }
}

const arc = new Float64Array(5);

/**
 * Cut lone circles in mm, as numbers: cx, cy, r, a0, sweep per circle (the fields of an arc Segment), with its
 * layer and its place in the exploded segment list: circle i came just before segment `before[i]`.
 */
export class CutCircles {
  count = 0;
  data = new Float64Array(5 * 1024);
  readonly layers = new LayerColumn();
  before = new Int32Array(1024);

  /** Room for `more` circles, in one allocation rather than repeated doubling. */
  reserve(more: number): void {
    const need = this.count + more;
    if (need <= this.before.length) return;
    const data = new Float64Array(5 * need);
    data.set(this.data.subarray(0, 5 * this.count));
    this.data = data;
    const before = new Int32Array(need);
    before.set(this.before.subarray(0, this.count));
    this.before = before;
  }

  /**
   * Adds a circle of model space drawn at (cx, cy, cz) with radius r under transform f, as emitEntity would
   * (pushCircularArc over a full turn). False when its image is not a circle (it is then a curve; the caller
   * takes the general way); true when it was added or, like a zero radius, draws nothing.
   */
  add(f: Affine, cx: number, cy: number, cz: number, r: number, layer: string, before: number): boolean {
    if (!(r > 0)) return true;
    const kind = circularArcOf(f, cx, cy, cz, r, 0, 2 * Math.PI, arc);
    if (kind === NO_ARC) return true;
    if (kind !== ONE_ARC) return false;
    if (5 * this.count === this.data.length) {
      const grown = new Float64Array(2 * this.data.length);
      grown.set(this.data);
      this.data = grown;
      const more = new Int32Array(2 * this.before.length);
      more.set(this.before);
      this.before = more;
    }
    const at = 5 * this.count;
    for (let k = 0; k < 5; k++) this.data[at + k] = arc[k];
    this.before[this.count++] = before;
    this.layers.push(layer);
    return true;
  }

  segment(i: number): Extract<Segment, { kind: "arc" }> {
    const d = this.data;
    const at = 5 * i;
    return {
      kind: "arc",
      cx: d[at],
      cy: d[at + 1],
      r: d[at + 2],
      a0: d[at + 3],
      sweep: d[at + 4],
      layer: this.layers.get(i),
    };
  }
}

/** The exploded segment list with the circles back in their places: exactly what the general walk emits. */
export function mergeCircles(segments: Segment[], circles: CutCircles): Segment[] {
  const out: Segment[] = [];
  let i = 0;
  for (let k = 0; k < segments.length; k++) {
    for (; i < circles.count && circles.before[i] <= k; i++) out.push(circles.segment(i));
    out.push(segments[k]);
  }
  for (; i < circles.count; i++) out.push(circles.segment(i));
  return out;
}

/**
 * Each circle's layer as a small integer into the layer names: a list of 50,000 string references costs more to
 * grow and to store into than a typed array, and holes mostly follow one another on one layer.
 */
export class LayerColumn {
  ids = new Int32Array(1024);
  count = 0;
  readonly names: string[] = [];
  readonly #idOf = new Map<string, number>();
  #last: string | null = null;
  #lastId = -1;

  push(layer: string): void {
    if (layer !== this.#last) {
      let id = this.#idOf.get(layer);
      if (id === undefined) this.#idOf.set(layer, (id = this.names.push(layer) - 1));
      this.#last = layer;
      this.#lastId = id;
    }
    if (this.count === this.ids.length) {
      const grown = new Int32Array(2 * this.ids.length);
      grown.set(this.ids);
      this.ids = grown;
    }
    this.ids[this.count++] = this.#lastId;
  }

  get(i: number): string {
    return this.names[this.ids[i]];
  }
}
