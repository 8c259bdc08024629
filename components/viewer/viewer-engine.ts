import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import type { Background, ViewName } from "./viewer-options";

export type Axis = "x" | "y" | "z";

const BACKGROUNDS: Record<Background, [number, number]> = {
  light: [0xf5f5f4, 1],
  dark: [0x1c1917, 1],
  transparent: [0x000000, 0],
};
/** CAD files are Z-up; views are named as a machinist would. */
const VIEW_DIRECTIONS: Record<ViewName, THREE.Vector3> = {
  front: new THREE.Vector3(0, -1, 0),
  top: new THREE.Vector3(0, 0, 1),
  right: new THREE.Vector3(1, 0, 0),
  iso: new THREE.Vector3(1, -1, 1).normalize(),
};

export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return !!(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

/**
 * The three.js side of the viewer, imperative on purpose: it renders only when
 * something changes (no animation loop burning CPU inside someone's page).
 */
export class ViewerEngine {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly perspective = new THREE.PerspectiveCamera(35, 1, 0.1, 1000);
  readonly ortho = new THREE.OrthographicCamera(-1, 1, 1, -1, 0.1, 1000);
  camera: THREE.PerspectiveCamera | THREE.OrthographicCamera = this.perspective;
  readonly controls: OrbitControls;
  readonly box = new THREE.Box3();
  readonly clipPlane = new THREE.Plane(new THREE.Vector3(-1, 0, 0), 0);
  readonly overlay = new THREE.Group();
  /** Materials the section plane applies to. */
  readonly clipped: THREE.Material[] = [];
  is2d = false;
  onFirstFrame?: () => void;
  private model: THREE.Object3D | null = null;
  private orthoHalf = 1;
  private radius = 1;
  private pending = 0;
  private framed = false;
  private readonly light = new THREE.DirectionalLight(0xffffff, 1.6);
  private readonly resizeObserver: ResizeObserver;

  constructor(private readonly container: HTMLElement) {
    // preserveDrawingBuffer: the screenshot button and pixel checks read the canvas after the frame.
    this.renderer = new THREE.WebGLRenderer({ antialias: true, alpha: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.localClippingEnabled = true;
    this.renderer.domElement.style.touchAction = "none";
    this.renderer.domElement.style.display = "block";
    container.appendChild(this.renderer.domElement);
    for (const cam of [this.perspective, this.ortho]) cam.up.set(0, 0, 1);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x505060, 1.4), this.light, this.light.target, this.overlay);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener("change", () => this.requestRender());
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
  }

  setModel(model: THREE.Object3D, is2d: boolean): void {
    if (this.model) this.scene.remove(this.model);
    this.model = model;
    this.is2d = is2d;
    this.scene.add(model);
    model.updateMatrixWorld(true);
    this.box.setFromObject(model);
    if (this.box.isEmpty()) this.box.set(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
    this.radius = Math.max(this.box.getBoundingSphere(new THREE.Sphere()).radius, 1e-3);
    if (is2d) {
      this.ortho.up.set(0, 1, 0);
      this.setProjection(true);
      this.controls.enableRotate = false;
      // Pan with the left button in 2D: there is nothing to orbit.
      this.controls.mouseButtons = { LEFT: THREE.MOUSE.PAN, MIDDLE: THREE.MOUSE.DOLLY, RIGHT: THREE.MOUSE.PAN };
      this.controls.touches = { ONE: THREE.TOUCH.PAN, TWO: THREE.TOUCH.DOLLY_PAN };
    }
    this.requestRender();
  }

  /** Frames the whole model from `direction` (default: keep the current one). */
  fit(direction?: THREE.Vector3): void {
    const center = this.box.getCenter(new THREE.Vector3());
    const dir = (direction ?? this.camera.position.clone().sub(this.controls.target)).normalize();
    if (dir.lengthSq() === 0) dir.copy(VIEW_DIRECTIONS.iso);
    const distance = this.radius / Math.sin(THREE.MathUtils.degToRad(this.perspective.fov / 2));
    for (const cam of [this.perspective, this.ortho]) {
      cam.position.copy(center).addScaledVector(dir, distance * 1.1);
      cam.near = distance / 100;
      cam.far = distance * 100;
    }
    this.orthoHalf = this.radius * 1.1;
    this.ortho.zoom = 1;
    this.controls.target.copy(center);
    this.updateProjections();
    this.controls.update();
    this.requestRender();
  }

  setView(view: ViewName): void {
    const dir = this.is2d ? new THREE.Vector3(0, 0, 1) : VIEW_DIRECTIONS[view].clone();
    // Looking straight down a Z-up camera is degenerate: tilt "up" to +Y for the top view.
    const up = this.is2d || view === "top" ? new THREE.Vector3(0, 1, 0) : new THREE.Vector3(0, 0, 1);
    for (const cam of [this.perspective, this.ortho]) cam.up.copy(up);
    this.fit(dir);
  }

  setProjection(orthographic: boolean): void {
    const from = this.camera;
    const to = orthographic ? this.ortho : this.perspective;
    if (from === to) return;
    const distance = from.position.distanceTo(this.controls.target);
    const halfFov = Math.tan(THREE.MathUtils.degToRad(this.perspective.fov / 2));
    to.position.copy(from.position);
    to.quaternion.copy(from.quaternion);
    to.up.copy(from.up);
    // Keep the apparent size across the switch.
    if (orthographic) {
      this.orthoHalf = distance * halfFov;
      this.ortho.zoom = 1;
    } else {
      const visibleHalf = this.orthoHalf / this.ortho.zoom;
      const dir = from.position.clone().sub(this.controls.target).normalize();
      to.position.copy(this.controls.target).addScaledVector(dir, visibleHalf / halfFov);
    }
    this.camera = to;
    this.controls.object = to;
    this.updateProjections();
    this.controls.update();
    this.requestRender();
  }

  setBackground(bg: Background): void {
    const [color, alpha] = BACKGROUNDS[bg];
    this.renderer.setClearColor(color, alpha);
    this.requestRender();
  }

  /** Keeps the part of the model below `fraction` of the box along `axis`; null removes the section. */
  setSection(axis: Axis | null, fraction: number): void {
    const planes = axis ? [this.clipPlane] : [];
    if (axis) {
      const i = { x: 0, y: 1, z: 2 }[axis];
      const normal = new THREE.Vector3();
      normal.setComponent(i, -1);
      const at = THREE.MathUtils.lerp(this.box.min.getComponent(i), this.box.max.getComponent(i), fraction);
      this.clipPlane.set(normal, at);
    }
    for (const material of this.clipped) {
      material.clippingPlanes = planes;
      material.needsUpdate = true;
    }
    this.requestRender();
  }

  sectionActive(): boolean {
    return this.clipped.some((m) => (m.clippingPlanes?.length ?? 0) > 0);
  }

  /** World units per CSS pixel at the target (for snapping tolerances). */
  worldPerPixel(): number {
    const height = this.container.clientHeight || 1;
    if (this.camera === this.ortho) return (2 * this.orthoHalf) / this.ortho.zoom / height;
    const distance = this.camera.position.distanceTo(this.controls.target);
    return (2 * distance * Math.tan(THREE.MathUtils.degToRad(this.perspective.fov / 2))) / height;
  }

  ndc(clientX: number, clientY: number): THREE.Vector2 {
    const rect = this.renderer.domElement.getBoundingClientRect();
    return new THREE.Vector2(
      ((clientX - rect.left) / rect.width) * 2 - 1,
      -((clientY - rect.top) / rect.height) * 2 + 1,
    );
  }

  screenshot(): string {
    this.render();
    return this.renderer.domElement.toDataURL("image/png");
  }

  requestRender(): void {
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = 0;
      this.render();
    });
  }

  dispose(): void {
    cancelAnimationFrame(this.pending);
    this.resizeObserver.disconnect();
    this.controls.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  private render(): void {
    this.light.position.copy(this.camera.position);
    this.light.target.position.copy(this.controls.target);
    this.renderer.render(this.scene, this.camera);
    if (this.model && !this.framed) {
      this.framed = true;
      this.onFirstFrame?.();
    }
  }

  private resize(): void {
    const width = this.container.clientWidth || 1;
    const height = this.container.clientHeight || 1;
    this.renderer.setSize(width, height);
    this.updateProjections();
    this.requestRender();
  }

  private updateProjections(): void {
    const aspect = (this.container.clientWidth || 1) / (this.container.clientHeight || 1);
    this.perspective.aspect = aspect;
    this.ortho.left = -this.orthoHalf * aspect;
    this.ortho.right = this.orthoHalf * aspect;
    this.ortho.top = this.orthoHalf;
    this.ortho.bottom = -this.orthoHalf;
    this.perspective.updateProjectionMatrix();
    this.ortho.updateProjectionMatrix();
  }
}
