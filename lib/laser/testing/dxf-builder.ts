/** Writes DXF text from first principles for tests: group-code pairs, nothing clever. */

type Pairs = (string | number)[];

interface Common {
  layer?: string;
  /** DXF code 6: the entity's own linetype (BYLAYER when absent). */
  linetype?: string;
  extrusion?: [number, number, number];
}

function entity(type: string, c: Common, body: Pairs): string {
  const ext = c.extrusion ? [210, c.extrusion[0], 220, c.extrusion[1], 230, c.extrusion[2]] : [];
  const linetype = c.linetype === undefined ? [] : [6, c.linetype];
  return pairs([0, type, 8, c.layer ?? "0", ...linetype, ...body, ...ext]);
}

function pairs(p: Pairs): string {
  const out: string[] = [];
  for (let k = 0; k < p.length; k += 2) out.push(String(p[k]).padStart(3), String(p[k + 1]));
  return out.join("\n") + "\n";
}

export const dxf = {
  line: (x0: number, y0: number, x1: number, y1: number, c: Common = {}) =>
    entity("LINE", c, [10, x0, 20, y0, 30, 0, 11, x1, 21, y1, 31, 0]),
  circle: (cx: number, cy: number, r: number, c: Common = {}) => entity("CIRCLE", c, [10, cx, 20, cy, 30, 0, 40, r]),
  arc: (cx: number, cy: number, r: number, startDeg: number, endDeg: number, c: Common = {}) =>
    entity("ARC", c, [10, cx, 20, cy, 30, 0, 40, r, 50, startDeg, 51, endDeg]),
  /** Vertices [x, y, bulge?]. */
  lwpolyline: (vertices: [number, number, number?][], closed: boolean, c: Common = {}) =>
    entity("LWPOLYLINE", c, [
      90,
      vertices.length,
      70,
      closed ? 1 : 0,
      ...vertices.flatMap(([x, y, b]) => [10, x, 20, y, ...(b ? [42, b] : [])]),
    ]),
  /** Old-style POLYLINE + VERTEX … SEQEND. */
  polyline: (vertices: [number, number, number?][], closed: boolean, c: Common = {}) =>
    entity("POLYLINE", c, [66, 1, 10, 0, 20, 0, 30, 0, 70, closed ? 1 : 0]) +
    vertices
      .map(([x, y, b]) => entity("VERTEX", { layer: c.layer }, [10, x, 20, y, 30, 0, ...(b ? [42, b] : [])]))
      .join("") +
    pairs([0, "SEQEND"]),
  ellipse: (cx: number, cy: number, mx: number, my: number, ratio: number, t0 = 0, t1 = 2 * Math.PI, c: Common = {}) =>
    entity("ELLIPSE", c, [10, cx, 20, cy, 30, 0, 11, mx, 21, my, 31, 0, 40, ratio, 41, t0, 42, t1]),
  spline: (
    degree: number,
    knots: number[],
    control: [number, number][],
    weights: number[] | null = null,
    c: Common = {},
  ) =>
    entity("SPLINE", c, [
      70,
      weights ? 4 : 0,
      71,
      degree,
      72,
      knots.length,
      73,
      control.length,
      74,
      0,
      ...knots.flatMap((k) => [40, k]),
      ...(weights ?? []).flatMap((w) => [41, w]),
      ...control.flatMap(([x, y]) => [10, x, 20, y, 30, 0]),
    ]),
  insert: (
    block: string,
    x: number,
    y: number,
    o: {
      sx?: number;
      sy?: number;
      rotation?: number;
      columns?: number;
      rows?: number;
      columnSpacing?: number;
      rowSpacing?: number;
    } & Common = {},
  ) =>
    entity("INSERT", o, [
      2,
      block,
      10,
      x,
      20,
      y,
      30,
      0,
      41,
      o.sx ?? 1,
      42,
      o.sy ?? 1,
      43,
      1,
      50,
      o.rotation ?? 0,
      70,
      o.columns ?? 1,
      71,
      o.rows ?? 1,
      44,
      o.columnSpacing ?? 0,
      45,
      o.rowSpacing ?? 0,
    ]),
  text: (x: number, y: number, value: string, c: Common = {}) =>
    entity("TEXT", c, [10, x, 20, y, 30, 0, 40, 2.5, 1, value]),
  mtext: (x: number, y: number, value: string, c: Common = {}) =>
    entity("MTEXT", c, [10, x, 20, y, 30, 0, 40, 2.5, 1, value]),
  dimension: (x0: number, y0: number, x1: number, y1: number, c: Common = {}) =>
    entity("DIMENSION", c, [2, "*D1", 10, x1, 20, y1 + 5, 30, 0, 13, x0, 23, y0, 33, 0, 14, x1, 24, y1, 34, 0, 70, 0]),
  hatch: (c: Common = {}) => entity("HATCH", c, [10, 0, 20, 0, 30, 0, 2, "SOLID", 70, 1]),
  point: (x: number, y: number, c: Common = {}) => entity("POINT", c, [10, x, 20, y, 30, 0]),
};

export interface DxfDocumentSpec {
  insunits?: number;
  entities: string[];
  blocks?: { name: string; base?: [number, number]; entities: string[] }[];
  /** LTYPE table: each linetype's dash pattern (positive dash, negative gap, 0 dot); [] is continuous. */
  linetypes?: { name: string; pattern: number[] }[];
  /** LAYER table: each layer's linetype. */
  layers?: { name: string; linetype: string }[];
}

function tables(spec: DxfDocumentSpec): string {
  if (!spec.linetypes && !spec.layers) return "";
  const ltypes = (spec.linetypes ?? []).map(({ name, pattern }) =>
    pairs([
      0,
      "LTYPE",
      2,
      name,
      70,
      0,
      3,
      name,
      72,
      65,
      73,
      pattern.length,
      40,
      pattern.reduce((sum, d) => sum + Math.abs(d), 0),
      ...pattern.flatMap((d) => [49, d]),
    ]),
  );
  const layers = (spec.layers ?? []).map(({ name, linetype }) =>
    pairs([0, "LAYER", 2, name, 70, 0, 62, 7, 6, linetype]),
  );
  return (
    pairs([0, "SECTION", 2, "TABLES", 0, "TABLE", 2, "LTYPE", 70, ltypes.length]) +
    ltypes.join("") +
    pairs([0, "ENDTAB", 0, "TABLE", 2, "LAYER", 70, layers.length]) +
    layers.join("") +
    pairs([0, "ENDTAB", 0, "ENDSEC"])
  );
}

export function dxfDocument(spec: DxfDocumentSpec): string {
  const header = spec.insunits === undefined ? "" : pairs([9, "$INSUNITS", 70, spec.insunits]);
  const blocks = (spec.blocks ?? [])
    .map(
      (b) =>
        pairs([0, "BLOCK", 8, "0", 2, b.name, 70, 0, 10, b.base?.[0] ?? 0, 20, b.base?.[1] ?? 0, 30, 0, 3, b.name]) +
        b.entities.join("") +
        pairs([0, "ENDBLK", 8, "0"]),
    )
    .join("");
  return (
    pairs([0, "SECTION", 2, "HEADER"]) +
    header +
    pairs([0, "ENDSEC"]) +
    tables(spec) +
    pairs([0, "SECTION", 2, "BLOCKS"]) +
    blocks +
    pairs([0, "ENDSEC"]) +
    pairs([0, "SECTION", 2, "ENTITIES"]) +
    spec.entities.join("") +
    pairs([0, "ENDSEC", 0, "EOF"])
  );
}

export function bytesOf(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
