"use client";

import { Component, useRef, type ReactNode } from "react";
import { Canvas } from "@react-three/fiber";
import { ViewerScene, type SceneProps } from "./viewer-scene";

interface Props extends SceneProps {
  measuring: boolean;
  /** A click (not the end of a drag) while measuring. */
  onPick: (clientX: number, clientY: number) => void;
  onError: () => void;
}

/** A renderer that cannot start (no WebGL context) throws from inside the canvas; the viewer says so in words. */
class CanvasErrorBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
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
 * The react-three-fiber canvas. `frameloop="demand"`: a frame is drawn only when something changed (controls,
 * state, size), so an idle viewer inside someone's page costs nothing. `flat`: three's own colours, no tone mapping.
 */
export function ViewerCanvas({ measuring, onPick, onError, ...scene }: Props) {
  const press = useRef<{ x: number; y: number } | null>(null);
  return (
    <div
      className={`absolute inset-0 ${measuring ? "cursor-crosshair" : "cursor-grab"}`}
      data-testid="viewer-canvas"
      onPointerDown={(e) => (press.current = { x: e.clientX, y: e.clientY })}
      onPointerUp={(e) => {
        const start = press.current;
        press.current = null;
        if (measuring && start && Math.hypot(e.clientX - start.x, e.clientY - start.y) <= 4)
          onPick(e.clientX, e.clientY);
      }}
    >
      <CanvasErrorBoundary onError={onError}>
        <Canvas
          frameloop="demand"
          flat
          dpr={[1, 2]}
          // preserveDrawingBuffer: the screenshot button and pixel checks read the canvas after the frame.
          gl={{ antialias: true, alpha: true, preserveDrawingBuffer: true }}
          onCreated={({ gl }) => {
            gl.localClippingEnabled = true;
          }}
          style={{ touchAction: "none" }}
        >
          <ViewerScene {...scene} />
        </Canvas>
      </CanvasErrorBoundary>
    </div>
  );
}
