import { describe, expect, it } from "vitest";
import * as THREE from "three";
import { CameraFraming, type OrbitLike } from "./camera-framing";

/** A 120 × 20 × 20 mm bar, the shape an upright phone cuts off first. */
const BAR = new THREE.Box3(new THREE.Vector3(0, 0, 0), new THREE.Vector3(120, 20, 20));

function corners(box: THREE.Box3): THREE.Vector3[] {
  const out: THREE.Vector3[] = [];
  for (const x of [box.min.x, box.max.x])
    for (const y of [box.min.y, box.max.y])
      for (const z of [box.min.z, box.max.z]) out.push(new THREE.Vector3(x, y, z));
  return out;
}

function controlsFor(camera: THREE.Camera): OrbitLike {
  // What OrbitControls.update() does to the camera: look at the target.
  const controls: OrbitLike = {
    object: camera,
    target: new THREE.Vector3(),
    update: () => controls.object.lookAt(controls.target),
  };
  return controls;
}

/** The corners' positions on screen, in normalised device coordinates (−1…1 across the canvas). */
function onScreen(camera: THREE.Camera, box: THREE.Box3) {
  camera.updateMatrixWorld();
  return corners(box).map((c) => c.project(camera));
}

describe("CameraFraming", () => {
  for (const [label, width, height] of [
    ["a phone held upright", 390, 844],
    ["a desk", 800, 600],
    ["a wide strip", 1200, 300],
  ] as const)
    for (const ortho of [false, true])
      it(`fits the whole model on ${label} (${ortho ? "orthographic" : "perspective"})`, () => {
        const framing = new CameraFraming();
        framing.resize(width, height);
        const controls = controlsFor(framing.perspective);
        framing.setProjection(controls, ortho);
        framing.setView(controls, BAR, "iso", false);
        const ndc = onScreen(controls.object, BAR);
        const reach = Math.max(...ndc.map((p) => Math.max(Math.abs(p.x), Math.abs(p.y))));
        // Inside the canvas, and not lost in the middle of it.
        expect(reach).toBeLessThan(1);
        expect(reach).toBeGreaterThan(0.5);
      });

  it("keeps the apparent size when the projection changes", () => {
    const framing = new CameraFraming();
    framing.resize(800, 600);
    const controls = controlsFor(framing.perspective);
    framing.setView(controls, BAR, "front", false);
    // A point on the plane through the target, facing the camera: both projections must put it at the same spot.
    const probe = controls.target.clone().add(new THREE.Vector3(30, 0, 10));
    framing.perspective.updateMatrixWorld();
    const before = probe.clone().project(framing.perspective);
    framing.setProjection(controls, true);
    framing.orthographic.updateMatrixWorld();
    const after = probe.clone().project(framing.orthographic);
    expect(after.x).toBeCloseTo(before.x, 6);
    expect(after.y).toBeCloseTo(before.y, 6);
  });

  it("measures world units per pixel as the visible height over the canvas's pixels", () => {
    const framing = new CameraFraming();
    framing.resize(800, 600);
    const controls = controlsFor(framing.perspective);
    framing.setProjection(controls, true);
    framing.setView(controls, BAR, "top", false);
    const visible = framing.orthographic.top - framing.orthographic.bottom;
    expect(framing.worldPerPixel(controls, 600)).toBeCloseTo(visible / 600, 9);
  });
});
