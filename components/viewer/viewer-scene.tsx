"use client";

import { useEffectEvent, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type Ref } from "react";
import * as THREE from "three";
import { addAfterEffect, useThree } from "@react-three/fiber";
import { Edges, GizmoHelper, GizmoViewport } from "@react-three/drei";
import { CameraRig, type CameraHandle } from "./camera-rig";
import { DRAWING_COLORS, type DrawingLayerKey } from "./drawing-object";
import { measureExplodeDirections } from "./explode-parts";
import { pickPoint } from "./measure-tool";
import { DimensionOverlay, MeasureOverlay } from "./scene-overlays";
import type { DisplayModel } from "./use-display-asset";
import type { Background, ViewName, ViewerOptions } from "./viewer-options";
import type { Axis, ToolbarState } from "./viewer-toolbar";

/** What the page around the canvas asks of the scene. */
export interface ViewerHandle extends CameraHandle {
  /** The model point under a click (snapped), or null. */
  pick: (clientX: number, clientY: number) => THREE.Vector3 | null;
  /** The canvas as a PNG data URL. */
  screenshot: () => string;
}

export interface SceneProps {
  model: DisplayModel | null;
  ui: ToolbarState;
  hiddenParts: ReadonlySet<number>;
  layers: Record<DrawingLayerKey, boolean>;
  measure: THREE.Vector3[];
  /** The facts' analysed extent, for the dimension labels (the display mesh is quantised). */
  size: { x: number; y: number; z?: number } | null;
  options: ViewerOptions;
  handleRef: Ref<ViewerHandle>;
  onFirstFrame: () => void;
}

const BACKGROUNDS: Record<Background, [number, number]> = {
  light: [0xf5f5f4, 1],
  dark: [0x1c1917, 1],
  transparent: [0x000000, 0],
};
const UNIT_BOX = new THREE.Box3(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
const AXIS_INDEX: Record<Axis, number> = { x: 0, y: 1, z: 2 };

/** Keeps the part of the model below `fraction` of the box along `axis`. */
function sectionPlane(box: THREE.Box3, axis: Axis, fraction: number): THREE.Plane {
  const i = AXIS_INDEX[axis];
  const normal = new THREE.Vector3();
  normal.setComponent(i, -1);
  return new THREE.Plane(normal, THREE.MathUtils.lerp(box.min.getComponent(i), box.max.getComponent(i), fraction));
}

/** Everything inside the `<Canvas>`: camera and controls, the model, the section, the overlays. */
export function ViewerScene(props: SceneProps) {
  const { model, ui, hiddenParts, layers, measure, size, options, handleRef } = props;
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  const get = useThree((s) => s.get);
  const onFirstFrame = useEffectEvent(props.onFirstFrame);
  const camera = useRef<CameraHandle>(null);
  const partGroups = useRef<(THREE.Group | null)[]>([]);
  const box = model?.box ?? UNIT_BOX;
  const is2d = ui.is2d;
  const clipPlanes = useMemo(
    () => (ui.section ? [sectionPlane(box, ui.section, ui.sectionAt)] : []),
    [box, ui.section, ui.sectionAt],
  );
  const directions = useMemo(
    () =>
      model
        ? measureExplodeDirections(
            model.parts.map((p) => p.box),
            box,
          )
        : [],
    [model, box],
  );

  useImperativeHandle(
    handleRef,
    () => ({
      fit: () => camera.current?.fit(),
      setView: (view: ViewName) => camera.current?.setView(view),
      worldPerPixel: () => camera.current?.worldPerPixel() ?? 1,
      pick: (clientX, clientY) =>
        model
          ? pickPoint(
              {
                camera: get().camera,
                rect: gl.domElement.getBoundingClientRect(),
                worldPerPixel: camera.current?.worldPerPixel() ?? 1,
                clipPlane: clipPlanes[0] ?? null,
                targets: partGroups.current.filter((g): g is THREE.Group => !!g?.visible),
                contourPoints: model.drawing?.points ?? null,
              },
              clientX,
              clientY,
            )
          : null,
      screenshot: () => gl.domElement.toDataURL("image/png"),
    }),
    [model, gl, get, clipPlanes],
  );

  useLayoutEffect(() => {
    const [color, alpha] = BACKGROUNDS[ui.bg];
    gl.setClearColor(color, alpha);
    invalidate();
  }, [gl, ui.bg, invalidate]);

  // The test and benchmark hook: the first frame drawn with the model in it. A layout effect, in the commit that
  // adds the model: a passive effect can run after that frame, and would mark the next one (a second full draw).
  // The gizmo and the dimension labels join once the model is on screen: their shaders and textures would
  // otherwise be compiled before the first frame (slow on software GL), delaying the part the user came for.
  const [modelDrawn, setModelDrawn] = useState(false);
  useLayoutEffect(() => {
    if (!model) return;
    const off = addAfterEffect(() => {
      off();
      onFirstFrame();
      setModelDrawn(true);
    });
    invalidate();
    return off;
  }, [model, invalidate]);

  return (
    <>
      <CameraRig box={box} is2d={is2d} ortho={ui.ortho} view={options.view} handleRef={camera} />
      {model?.parts.map((part, i) => (
        <group
          key={i}
          ref={(g) => void (partGroups.current[i] = g)}
          visible={!hiddenParts.has(i)}
          position={directions[i].clone().multiplyScalar(ui.explode ?? 0)}
        >
          {part.meshes.map((m, j) => (
            <mesh key={j} geometry={m.geometry} matrix={m.matrix} matrixAutoUpdate={false}>
              <meshStandardMaterial
                color={0x9aa6b6}
                roughness={0.75}
                metalness={0.05}
                flatShading
                side={THREE.DoubleSide}
                wireframe={ui.wireframe}
                clippingPlanes={clipPlanes}
              />
              {/* Sharp edges (over 25° between faces), built when first shown: costly on big meshes. */}
              {ui.edges && <Edges threshold={25} color={0x1f2937} clippingPlanes={clipPlanes} />}
            </mesh>
          ))}
        </group>
      ))}
      {model?.drawing &&
        (Object.keys(layers) as DrawingLayerKey[]).map((key) => (
          <lineSegments key={key} geometry={model.drawing!.layers[key]} visible={layers[key]}>
            <lineBasicMaterial color={DRAWING_COLORS[key]} />
          </lineSegments>
        ))}
      <MeasureOverlay points={measure} />
      {model && modelDrawn && !is2d && options.tools && ui.dims && size && (
        <DimensionOverlay box={box} size={size} options={options} />
      )}
      {model && modelDrawn && !is2d && options.tools && (
        <GizmoHelper alignment="bottom-right" margin={[56, 56]}>
          <GizmoViewport labelColor="white" axisHeadScale={0.9} />
        </GizmoHelper>
      )}
    </>
  );
}
