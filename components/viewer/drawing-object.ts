import * as THREE from "three";
import type { DisplayDrawing } from "@/lib/viewer/build-display-drawing";

/** Colours by what the laser does: outer cuts, holes, open (not closed) paths, and lines not cut at all. */
export const DRAWING_COLORS = { outer: 0x2563eb, hole: 0xdc2626, open: 0xd97706, ignored: 0x9ca3af } as const;

export type DrawingLayerKey = "outer" | "hole" | "open" | "ignored";

export interface DrawingGeometry {
  /** One segment list per role, so each can be toggled. */
  layers: Record<DrawingLayerKey, THREE.BufferGeometry>;
  /** Every contour point (x, y pairs), for snapping. */
  points: Float32Array;
  box: THREE.Box3;
}

export function buildDrawingGeometry(drawing: DisplayDrawing): DrawingGeometry {
  const buckets: Record<DrawingLayerKey, number[]> = { outer: [], hole: [], open: [], ignored: [] };
  const snap: number[] = [];
  for (const contour of drawing.contours) {
    const target = buckets[contour.ignored ? "ignored" : contour.role];
    const p = contour.points;
    const n = p.length / 2;
    for (let i = 0; i < n; i++) snap.push(p[i * 2], p[i * 2 + 1]);
    const segments = contour.closed ? n : n - 1;
    for (let i = 0; i < segments; i++) {
      const j = (i + 1) % n;
      target.push(p[i * 2], p[i * 2 + 1], 0, p[j * 2], p[j * 2 + 1], 0);
    }
  }
  const layers = {} as Record<DrawingLayerKey, THREE.BufferGeometry>;
  const box = new THREE.Box3();
  for (const key of Object.keys(buckets) as DrawingLayerKey[]) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute("position", new THREE.Float32BufferAttribute(buckets[key], 3));
    geometry.computeBoundingBox();
    box.union(geometry.boundingBox!);
    layers[key] = geometry;
  }
  return { layers, points: new Float32Array(snap), box };
}
