import * as THREE from "three";
import type { ViewName } from "./viewer-options";

/** CAD files are Z-up; views are named as a machinist would. */
export const VIEW_DIRECTIONS: Record<ViewName, THREE.Vector3> = {
  front: new THREE.Vector3(0, -1, 0),
  top: new THREE.Vector3(0, 0, 1),
  right: new THREE.Vector3(1, 0, 0),
  iso: new THREE.Vector3(1, -1, 1).normalize(),
};
export const FOV = 35;
const HALF_FOV = THREE.MathUtils.degToRad(FOV / 2);

/** The part of the orbit controls the framing moves (drei's OrbitControls). */
export interface OrbitLike {
  object: THREE.Camera;
  target: THREE.Vector3;
  update: () => unknown;
}

/**
 * The viewer's two cameras and how they frame a model. The frustums follow the model's size, not the canvas's
 * pixels (the cameras are `manual` to react-three-fiber), so a projection switch keeps the apparent size.
 */
export class CameraFraming {
  readonly perspective = new THREE.PerspectiveCamera(FOV, 1, 0.1, 1000);
  readonly orthographic = new THREE.OrthographicCamera(-1, 1, 1, -1, 0.1, 1000);
  /** Half the height the orthographic camera shows at zoom 1. */
  private orthoHalf = 1;
  private aspect = 1;

  constructor() {
    for (const cam of [this.perspective, this.orthographic]) {
      cam.up.set(0, 0, 1);
      Object.assign(cam, { manual: true });
    }
  }

  resize(width: number, height: number): void {
    this.aspect = (width || 1) / (height || 1);
    this.updateProjections();
  }

  /** Frames the whole box from `direction` (default: keep the current one), on an upright phone screen too. */
  fit(controls: OrbitLike, box: THREE.Box3, direction?: THREE.Vector3): void {
    const radius = Math.max(box.getBoundingSphere(new THREE.Sphere()).radius, 1e-3);
    const center = box.getCenter(new THREE.Vector3());
    const dir = (direction ?? controls.object.position.clone().sub(controls.target)).normalize();
    if (dir.lengthSq() === 0) dir.copy(VIEW_DIRECTIONS.iso);
    const distance = radius / Math.sin(this.narrowHalfAngle());
    for (const cam of [this.perspective, this.orthographic]) {
      cam.position.copy(center).addScaledVector(dir, distance * 1.1);
      cam.near = distance / 100;
      cam.far = distance * 100;
    }
    this.orthoHalf = (radius * 1.1) / Math.min(1, this.aspect);
    this.orthographic.zoom = 1;
    controls.target.copy(center);
    this.updateProjections();
    controls.update();
  }

  setView(controls: OrbitLike, box: THREE.Box3, view: ViewName, is2d: boolean): void {
    const dir = is2d ? new THREE.Vector3(0, 0, 1) : VIEW_DIRECTIONS[view].clone();
    // Looking straight down a Z-up camera is degenerate: tilt "up" to +Y for the top view.
    const up = is2d || view === "top" ? new THREE.Vector3(0, 1, 0) : new THREE.Vector3(0, 0, 1);
    for (const cam of [this.perspective, this.orthographic]) cam.up.copy(up);
    this.fit(controls, box, dir);
  }

  /** Moves the controls to the perspective or orthographic camera and returns it. */
  setProjection(controls: OrbitLike, orthographic: boolean): THREE.PerspectiveCamera | THREE.OrthographicCamera {
    const from = controls.object;
    const to = orthographic ? this.orthographic : this.perspective;
    if (from === to) return to;
    const distance = from.position.distanceTo(controls.target);
    to.position.copy(from.position);
    to.quaternion.copy(from.quaternion);
    to.up.copy(from.up);
    // Keep the apparent size across the switch.
    if (orthographic) {
      this.orthoHalf = distance * Math.tan(HALF_FOV);
      this.orthographic.zoom = 1;
    } else {
      const visibleHalf = this.orthoHalf / this.orthographic.zoom;
      const dir = from.position.clone().sub(controls.target).normalize();
      to.position.copy(controls.target).addScaledVector(dir, visibleHalf / Math.tan(HALF_FOV));
    }
    // One controls object follows the active camera, so the orbit target survives the switch.
    controls.object = to;
    this.updateProjections();
    controls.update();
    return to;
  }

  /** World units per CSS pixel at the orbit target (snapping tolerances). */
  worldPerPixel(controls: OrbitLike, heightPx: number): number {
    const height = heightPx || 1;
    if (controls.object === this.orthographic) return (2 * this.orthoHalf) / this.orthographic.zoom / height;
    const distance = this.perspective.position.distanceTo(controls.target);
    return (2 * distance * Math.tan(HALF_FOV)) / height;
  }

  /** The narrower of the two half-angles of view: on a phone held upright, the horizontal one. */
  private narrowHalfAngle(): number {
    return Math.min(HALF_FOV, Math.atan(Math.tan(HALF_FOV) * this.aspect));
  }

  private updateProjections(): void {
    const { perspective, orthographic, orthoHalf, aspect } = this;
    perspective.aspect = aspect;
    orthographic.left = -orthoHalf * aspect;
    orthographic.right = orthoHalf * aspect;
    orthographic.top = orthoHalf;
    orthographic.bottom = -orthoHalf;
    perspective.updateProjectionMatrix();
    orthographic.updateProjectionMatrix();
  }
}
