import * as THREE from "three";

/** Snap radius in CSS pixels around the cursor. */
const SNAP_PIXELS = 14;

/** Where a click landed and what the camera shows there. */
export interface PickContext {
  camera: THREE.Camera;
  /** The canvas's box on the page. */
  rect: DOMRect;
  worldPerPixel: number;
  /** The section plane in use: points on its cut-away side are not picked. */
  clipPlane: THREE.Plane | null;
  /** The visible parts (3D). */
  targets: THREE.Object3D[];
  /** Contour points as x, y pairs (2D). */
  contourPoints: Float32Array | null;
}

/**
 * The point a click measures from: in 3D a vertex of the part under the
 * cursor (nearest on screen within a few pixels, else the nearest corner of the
 * clicked triangle; only on the visible side of a section), in 2D the nearest
 * contour point within a few pixels.
 */
export function pickPoint(ctx: PickContext, clientX: number, clientY: number): THREE.Vector3 | null {
  const { camera, rect, contourPoints } = ctx;
  const ndc = new THREE.Vector2(
    ((clientX - rect.left) / rect.width) * 2 - 1,
    -((clientY - rect.top) / rect.height) * 2 + 1,
  );
  if (contourPoints) {
    const at = new THREE.Vector3(ndc.x, ndc.y, 0).unproject(camera);
    const limit = (SNAP_PIXELS * ctx.worldPerPixel) ** 2;
    let best = -1;
    let bestD = limit;
    for (let i = 0; i < contourPoints.length; i += 2) {
      const d = (contourPoints[i] - at.x) ** 2 + (contourPoints[i + 1] - at.y) ** 2;
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    }
    return best < 0 ? null : new THREE.Vector3(contourPoints[best], contourPoints[best + 1], 0);
  }
  const raycaster = new THREE.Raycaster();
  raycaster.setFromCamera(ndc, camera);
  const hit = raycaster
    .intersectObjects(ctx.targets, true)
    .find(
      (h) =>
        h.face && h.object instanceof THREE.Mesh && (!ctx.clipPlane || ctx.clipPlane.distanceToPoint(h.point) >= 0),
    );
  if (!hit?.face || !(hit.object instanceof THREE.Mesh)) return null;
  return (
    nearVertexOnScreen(ctx, hit.object, ndc, raycaster.ray.origin, hit.distance) ??
    nearestOfFace(hit.object, hit.face, hit.point)
  );
}

/**
 * The vertex of `mesh` nearest the cursor on screen within the snap radius and
 * not behind the surface that was hit. One pass over the vertices: ~10 ms per
 * million, and only on click.
 */
function nearVertexOnScreen(
  ctx: PickContext,
  mesh: THREE.Mesh,
  ndc: THREE.Vector2,
  eye: THREE.Vector3,
  hitDistance: number,
): THREE.Vector3 | null {
  const m = new THREE.Matrix4()
    .multiplyMatrices(ctx.camera.projectionMatrix, ctx.camera.matrixWorldInverse)
    .multiply(mesh.matrixWorld).elements;
  const position = mesh.geometry.getAttribute("position");
  const v = new THREE.Vector3();
  const depthSlack = hitDistance * 0.01 + ctx.worldPerPixel * 2;
  const sx = ctx.rect.width / 2;
  const sy = ctx.rect.height / 2;
  let best = -1;
  let bestD = SNAP_PIXELS ** 2;
  for (let i = 0; i < position.count; i++) {
    v.fromBufferAttribute(position, i);
    const w = m[3] * v.x + m[7] * v.y + m[11] * v.z + m[15];
    const dx = ((m[0] * v.x + m[4] * v.y + m[8] * v.z + m[12]) / w - ndc.x) * sx;
    const dy = ((m[1] * v.x + m[5] * v.y + m[9] * v.z + m[13]) / w - ndc.y) * sy;
    const d = dx * dx + dy * dy;
    if (d >= bestD) continue;
    const world = mesh.localToWorld(v.clone());
    if (world.distanceTo(eye) > hitDistance + depthSlack) continue; // hidden behind the surface under the cursor
    bestD = d;
    best = i;
  }
  return best < 0 ? null : mesh.localToWorld(v.fromBufferAttribute(position, best).clone());
}

function nearestOfFace(mesh: THREE.Mesh, face: THREE.Face, point: THREE.Vector3): THREE.Vector3 {
  let best: THREE.Vector3 | null = null;
  for (const index of [face.a, face.b, face.c]) {
    const v = mesh.localToWorld(mesh.getVertexPosition(index, new THREE.Vector3()));
    if (!best || v.distanceToSquared(point) < best.distanceToSquared(point)) best = v;
  }
  return best!;
}
