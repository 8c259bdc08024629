import * as THREE from "three";
import type { ViewerEngine } from "./viewer-engine";

/** Snap radius in CSS pixels around the cursor. */
const SNAP_PIXELS = 14;

/**
 * The point a click measures from: in 3D a vertex of the part under the
 * cursor (nearest on screen within a few pixels, else the nearest corner of the
 * clicked triangle; only on the visible side of a section), in 2D the nearest
 * contour point within a few pixels.
 */
export function pickPoint(
  engine: ViewerEngine,
  clientX: number,
  clientY: number,
  targets: THREE.Object3D[],
  contourPoints: Float32Array | null,
): THREE.Vector3 | null {
  const ndc = engine.ndc(clientX, clientY);
  if (contourPoints) {
    const at = new THREE.Vector3(ndc.x, ndc.y, 0).unproject(engine.camera);
    const limit = (SNAP_PIXELS * engine.worldPerPixel()) ** 2;
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
  raycaster.setFromCamera(ndc, engine.camera);
  const sectioned = engine.sectionActive();
  const hit = raycaster
    .intersectObjects(
      targets.filter((t) => t.visible),
      true,
    )
    .find((h) => h.face && h.object.visible && (!sectioned || engine.clipPlane.distanceToPoint(h.point) >= 0));
  if (!hit?.face || !(hit.object instanceof THREE.Mesh)) return null;
  return (
    nearVertexOnScreen(engine, hit.object, ndc, raycaster.ray.origin, hit.distance) ??
    nearestOfFace(hit.object, hit.face, hit.point)
  );
}

/**
 * The vertex of `mesh` nearest the cursor on screen within the snap radius and
 * not behind the surface that was hit. One pass over the vertices: ~10 ms per
 * million, and only on click.
 */
function nearVertexOnScreen(
  engine: ViewerEngine,
  mesh: THREE.Mesh,
  ndc: THREE.Vector2,
  eye: THREE.Vector3,
  hitDistance: number,
): THREE.Vector3 | null {
  const rect = engine.renderer.domElement.getBoundingClientRect();
  const m = new THREE.Matrix4()
    .multiplyMatrices(engine.camera.projectionMatrix, engine.camera.matrixWorldInverse)
    .multiply(mesh.matrixWorld).elements;
  const position = mesh.geometry.getAttribute("position");
  const v = new THREE.Vector3();
  const depthSlack = hitDistance * 0.01 + engine.worldPerPixel() * 2;
  const sx = rect.width / 2;
  const sy = rect.height / 2;
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

/** The line and end markers drawn on top of the model. */
export function measureObject(points: THREE.Vector3[]): THREE.Object3D {
  const group = new THREE.Group();
  const geometry = new THREE.BufferGeometry().setFromPoints(points);
  const markers = new THREE.Points(
    geometry,
    new THREE.PointsMaterial({ color: 0xe11d48, size: 9, sizeAttenuation: false, depthTest: false }),
  );
  markers.renderOrder = 10;
  group.add(markers);
  if (points.length === 2) {
    const line = new THREE.Line(geometry, new THREE.LineBasicMaterial({ color: 0xe11d48, depthTest: false }));
    line.renderOrder = 10;
    group.add(line);
  }
  return group;
}

/** Sharp edges (over 25° between faces) of every mesh, built on first use: costly on big meshes. */
export function buildEdges(model: THREE.Object3D, material: THREE.LineBasicMaterial): THREE.LineSegments[] {
  const out: THREE.LineSegments[] = [];
  model.traverse((child) => {
    if (!(child instanceof THREE.Mesh)) return;
    const edges = new THREE.LineSegments(new THREE.EdgesGeometry(child.geometry, 25), material);
    child.add(edges);
    out.push(edges);
  });
  return out;
}
