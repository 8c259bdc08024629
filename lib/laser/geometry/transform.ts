import type { Vec3 } from "../types";

/** Affine map of 3D space, row-major 3×4: [a b c tx; d e f ty; g h i tz]. */
export type Affine = number[];

export const IDENTITY: Affine = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** a ∘ b: apply b first. */
export function composeAffine(a: Affine, b: Affine): Affine {
  const r = new Array<number>(12);
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      let v = col === 3 ? a[row * 4 + 3] : 0;
      for (let k = 0; k < 3; k++) v += a[row * 4 + k] * b[k * 4 + col];
      r[row * 4 + col] = v;
    }
  }
  return r;
}

export function applyPoint(m: Affine, p: Vec3): Vec3 {
  return [
    m[0] * p[0] + m[1] * p[1] + m[2] * p[2] + m[3],
    m[4] * p[0] + m[5] * p[1] + m[6] * p[2] + m[7],
    m[8] * p[0] + m[9] * p[1] + m[10] * p[2] + m[11],
  ];
}

export function translation(t: Vec3): Affine {
  return [1, 0, 0, t[0], 0, 1, 0, t[1], 0, 0, 1, t[2]];
}

export function scaling(s: Vec3): Affine {
  return [s[0], 0, 0, 0, 0, s[1], 0, 0, 0, 0, s[2], 0];
}

export function rotationZ(angle: number): Affine {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [c, -s, 0, 0, s, c, 0, 0, 0, 0, 1, 0];
}

export function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

export function normalize(v: Vec3): Vec3 {
  const l = Math.hypot(v[0], v[1], v[2]);
  return l > 0 ? [v[0] / l, v[1] / l, v[2] / l] : [0, 0, 1];
}

/**
 * Object coordinate system → WCS by AutoCAD's "arbitrary axis algorithm".
 * A zero extrusion (written by some DWG producers) means the default +Z.
 */
export function ocsToWcs(extrusion: Vec3): Affine {
  // The usual +Z, checked before normalize() allocates.
  if (extrusion[0] === 0 && extrusion[1] === 0 && extrusion[2] > 0) return IDENTITY;
  const n = normalize(extrusion);
  if (n[0] === 0 && n[1] === 0 && n[2] === 1) return IDENTITY;
  const ax = normalize(Math.abs(n[0]) < 1 / 64 && Math.abs(n[1]) < 1 / 64 ? cross([0, 1, 0], n) : cross([0, 0, 1], n));
  const ay = normalize(cross(n, ax));
  return [ax[0], ay[0], n[0], 0, ax[1], ay[1], n[1], 0, ax[2], ay[2], n[2], 0];
}
