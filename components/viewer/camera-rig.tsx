"use client";

import { useImperativeHandle, useLayoutEffect, useRef, useState, type ComponentRef, type Ref } from "react";
import * as THREE from "three";
import { useFrame, useThree } from "@react-three/fiber";
import { OrbitControls } from "@react-three/drei";
import { CameraFraming } from "./camera-framing";
import type { ViewName } from "./viewer-options";

/** What the toolbar and the measure tool ask of the camera. */
export interface CameraHandle {
  fit: () => void;
  setView: (view: ViewName) => void;
  /** World units per CSS pixel at the orbit target (for snapping tolerances). */
  worldPerPixel: () => number;
}

interface Props {
  box: THREE.Box3;
  is2d: boolean;
  ortho: boolean;
  /** The view the model first appears in (drawings: from the top). */
  view: ViewName;
  handleRef: Ref<CameraHandle>;
}

/** Pan with the left button (one finger) in 2D: there is nothing to orbit. */
const PAN_2D = {
  mouseButtons: { LEFT: THREE.MOUSE.PAN, MIDDLE: THREE.MOUSE.DOLLY, RIGHT: THREE.MOUSE.PAN },
  touches: { ONE: THREE.TOUCH.PAN, TWO: THREE.TOUCH.DOLLY_PAN },
};

/** Both cameras (switched as R3F's default camera), drei's orbit controls, and the light that follows the eye. */
export function CameraRig({ box, is2d, ortho, view, handleRef }: Props) {
  const set = useThree((s) => s.set);
  const invalidate = useThree((s) => s.invalidate);
  const size = useThree((s) => s.size);
  const [framing] = useState(() => new CameraFraming());
  const controls = useRef<ComponentRef<typeof OrbitControls>>(null);
  const light = useRef<THREE.DirectionalLight>(null);

  useImperativeHandle(
    handleRef,
    () => ({
      fit: () => {
        framing.fit(controls.current!, box);
        invalidate();
      },
      setView: (name) => {
        framing.setView(controls.current!, box, name, is2d);
        invalidate();
      },
      worldPerPixel: () => framing.worldPerPixel(controls.current!, size.height),
    }),
    [framing, box, is2d, size.height, invalidate],
  );

  // Order matters: the size first, then the projection, then the framing (a drawing is framed by the
  // orthographic camera it opens in).
  useLayoutEffect(() => {
    framing.resize(size.width, size.height);
    invalidate();
  }, [framing, size.width, size.height, invalidate]);
  useLayoutEffect(() => {
    set({ camera: framing.setProjection(controls.current!, ortho) });
    invalidate();
  }, [framing, ortho, set, invalidate]);
  useLayoutEffect(() => {
    framing.setView(controls.current!, box, is2d ? "top" : view, is2d);
    invalidate();
  }, [framing, box, is2d, view, invalidate]);

  useFrame(() => {
    const l = light.current;
    const c = controls.current;
    if (!l || !c) return;
    l.position.copy(c.object.position);
    l.target.position.copy(c.target);
    l.target.updateMatrixWorld();
  });

  return (
    <>
      <hemisphereLight args={[0xffffff, 0x505060, 1.4]} />
      <directionalLight ref={light} intensity={1.6} />
      <OrbitControls
        ref={controls}
        makeDefault
        camera={framing.perspective}
        enableDamping={false}
        enableRotate={!is2d}
        {...(is2d ? PAN_2D : {})}
      />
    </>
  );
}
