import type { TriangleSoup } from "./shapes";

/**
 * Straightforward reference for corpus files: divergence theorem on each
 * triangle of a soup, no welding or indexing. Only for checking the engine.
 */
export function computeSoupVolumeAndArea(soup: ArrayLike<number>): { volume: number; area: number } {
  let volume6 = 0;
  let area2 = 0;
  for (let t = 0; t < soup.length; t += 9) {
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = Array.from({ length: 9 }, (_, k) => soup[t + k]);
    volume6 += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    const ux = bx - ax,
      uy = by - ay,
      uz = bz - az,
      vx = cx - ax,
      vy = cy - ay,
      vz = cz - az;
    area2 += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
  }
  return { volume: Math.abs(volume6) / 6, area: area2 / 2 };
}

/** Triangle soup from vertex + index lists. */
export function soupFromIndexed(vertices: ArrayLike<number>, triangles: ArrayLike<number>): TriangleSoup {
  const soup: TriangleSoup = [];
  for (let i = 0; i < triangles.length; i++)
    soup.push(vertices[triangles[i] * 3], vertices[triangles[i] * 3 + 1], vertices[triangles[i] * 3 + 2]);
  return soup;
}

/**
 * Exact volume and area of the polyhedral torus from `createTorus`. Its quads
 * are planar isosceles trapezoids; each wedge between two meridians has volume
 * sin(Δu)·∬ρ dρ dz over the tube polygon = sin(Δu)·A·R (polygon centred at ρ = R).
 */
export function computeTorusVolumeAndArea(
  R: number,
  r: number,
  majorSegments: number,
  minorSegments: number,
): { volume: number; area: number } {
  const du = (2 * Math.PI) / majorSegments;
  const dv = (2 * Math.PI) / minorSegments;
  const polygonArea = (minorSegments / 2) * r * r * Math.sin(dv);
  const volume = majorSegments * Math.sin(du) * polygonArea * R;
  let area = 0;
  for (let j = 0; j < minorSegments; j++) {
    const rho0 = R + r * Math.cos(j * dv),
      rho1 = R + r * Math.cos((j + 1) * dv);
    const z0 = r * Math.sin(j * dv),
      z1 = r * Math.sin((j + 1) * dv);
    const height = Math.hypot((rho1 - rho0) * Math.cos(du / 2), z1 - z0);
    area += majorSegments * (rho0 + rho1) * Math.sin(du / 2) * height;
  }
  return { volume, area };
}
