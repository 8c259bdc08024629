/**
 * Small CAD files as text, built from their dimensions so tests can check figures
 * from first principles. No imports: Playwright tests use them too.
 */

/** An ASCII STL box of w×d×h mm with its corner at the origin (12 outward-facing triangles). */
export function boxStl(w: number, d: number, h: number): string {
  return `solid box\n${boxFacets(w, d, h, [0, 0, 0])}\nendsolid box\n`;
}

/** A table: a 44 × 44 × 2 mm slab on a 4 × 4 × 20 mm post (two closed shells); the slab's overhang needs supports. */
export function tableStl(): string {
  return `solid table\n${boxFacets(4, 4, 20, [0, 0, 0])}\n${boxFacets(44, 44, 2, [-20, -20, 20])}\nendsolid table\n`;
}

function boxFacets(w: number, d: number, h: number, [ox, oy, oz]: number[]): string {
  const v = (x: number, y: number, z: number) => [ox + x * w, oy + y * d, oz + z * h];
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
  return quads.flatMap(([a, b, c, d]) => [facet(a, b, c), facet(a, c, d)]).join("\n");
}

/** A DXF with a w×h rectangle (closed LWPOLYLINE) and circles of diameter `holeD` at the given centres. */
export function plateDxf(
  w: number,
  h: number,
  holes: [number, number][] = [],
  holeD = 10,
  moreEntities: string[] = [],
): string {
  const rect = [
    "0",
    "LWPOLYLINE",
    "8",
    "0",
    "90",
    "4",
    "70",
    "1",
    "10",
    "0",
    "20",
    "0",
    "10",
    String(w),
    "20",
    "0",
    "10",
    String(w),
    "20",
    String(h),
    "10",
    "0",
    "20",
    String(h),
  ];
  const circles = holes.flatMap(([x, y]) => [
    "0",
    "CIRCLE",
    "8",
    "0",
    "10",
    String(x),
    "20",
    String(y),
    "40",
    String(holeD / 2),
  ]);
  return [
    "0",
    "SECTION",
    "2",
    "HEADER",
    "9",
    "$INSUNITS",
    "70",
    "4",
    "0",
    "ENDSEC",
    "0",
    "SECTION",
    "2",
    "ENTITIES",
    ...rect,
    ...circles,
    ...moreEntities,
    "0",
    "ENDSEC",
    "0",
    "EOF",
    "",
  ].join("\n");
}
