"use client";

import { Component, useEffectEvent, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import {
  BoxGeometry,
  DirectionalLight,
  Group,
  HemisphereLight,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  OrthographicCamera,
  Points,
  PointsMaterial,
  Sprite,
  SpriteMaterial,
} from "three";
import { createRoot, events, extend, type ReconcilerRoot, type RenderProps } from "@react-three/fiber";
import { ViewerScene, type SceneProps } from "./viewer-scene";

// Only the three.js classes the scene (and drei's gizmo) declare as JSX. R3F's <Canvas> registers the whole
// THREE namespace, which ships all of three.js (≈ 110 KB more gzipped JavaScript to every embed).
extend({
  BoxGeometry,
  DirectionalLight,
  Group,
  HemisphereLight,
  LineBasicMaterial,
  LineSegments,
  Mesh,
  MeshBasicMaterial,
  MeshStandardMaterial,
  OrthographicCamera,
  Points,
  PointsMaterial,
  Sprite,
  SpriteMaterial,
});

// preserveDrawingBuffer: the screenshot button and pixel checks read the canvas after the frame. One object, so a
// reconfiguration on resize leaves the renderer alone.
const GL = { antialias: true, alpha: true, preserveDrawingBuffer: true };

interface Props extends SceneProps {
  measuring: boolean;
  /** A click (not the end of a drag) while measuring. */
  onPick: (clientX: number, clientY: number) => void;
  /** The renderer could not start, or the scene failed. */
  onError: () => void;
}

/** An error inside the scene ends the canvas; the viewer says so in words. */
class SceneErrorBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onError();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The react-three-fiber root on the viewer's canvas (R3F's `createRoot`, what its `<Canvas>` is built on).
 * `frameloop: "demand"`: a frame is drawn only when something changed (controls, state, size), so an idle viewer
 * inside someone's page costs nothing. `flat`: three's own colours, no tone mapping.
 */
export function ViewerCanvas({ measuring, onPick, onError, ...scene }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const press = useRef<{ x: number; y: number } | null>(null);
  const [root, setRoot] = useState<ReconcilerRoot<HTMLCanvasElement> | null>(null);
  const fail = useEffectEvent(onError);

  useLayoutEffect(() => {
    const parent = box.current!;
    const fiber = createRoot(canvas.current!);
    const config = (): RenderProps<HTMLCanvasElement> => ({
      gl: GL,
      frameloop: "demand",
      flat: true,
      dpr: [1, 2],
      events,
      size: { width: parent.clientWidth, height: parent.clientHeight, top: 0, left: 0 },
      onCreated: (state) => {
        state.gl.localClippingEnabled = true;
        // Pointer events (the gizmo's clicks) and drei's Html labels live on the canvas's box, not the canvas.
        state.events.connect?.(parent);
      },
    });
    let open = true;
    fiber.configure(config()).then(
      () => open && setRoot(fiber),
      () => open && fail(),
    );
    const observer = new ResizeObserver(() => void fiber.configure(config()).catch(() => {}));
    observer.observe(parent);
    return () => {
      open = false;
      observer.disconnect();
      fiber.unmount();
    };
  }, []);

  useLayoutEffect(() => {
    root?.render(
      <SceneErrorBoundary onError={onError}>
        <ViewerScene {...scene} />
      </SceneErrorBoundary>,
    );
  });

  return (
    <div
      ref={box}
      className={`absolute inset-0 overflow-hidden ${measuring ? "cursor-crosshair" : "cursor-grab"}`}
      data-testid="viewer-canvas"
      onPointerDown={(e) => (press.current = { x: e.clientX, y: e.clientY })}
      onPointerUp={(e) => {
        const start = press.current;
        press.current = null;
        if (measuring && start && Math.hypot(e.clientX - start.x, e.clientY - start.y) <= 4)
          onPick(e.clientX, e.clientY);
      }}
    >
      <canvas ref={canvas} className="block h-full w-full" style={{ touchAction: "none" }} />
    </div>
  );
}
