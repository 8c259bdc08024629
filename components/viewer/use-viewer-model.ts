"use client";

import { useEffect, useRef, useState } from "react";
import * as THREE from "three";
import { ViewerEngine, webglAvailable } from "./viewer-engine";
import { DisplayDownloadError, fetchWithProgress, parseDisplayDrawing, parseDisplayMesh } from "./load-display-asset";
import { buildDrawingObject, type DrawingLayerKey } from "./drawing-object";
import type { ViewerOptions } from "./viewer-options";
import { VIEWER_MESSAGES } from "./viewer-messages";

export type LoadState =
  | { status: "loading"; progress: number | null }
  | { status: "error"; message: string }
  | { status: "ready" };

export interface LoadedModel {
  engine: ViewerEngine;
  /** Named components (3D) with their objects. */
  parts: { name: string; object: THREE.Object3D }[];
  drawingGroups: Record<DrawingLayerKey, THREE.Object3D> | null;
  contourPoints: Float32Array | null;
  material: THREE.MeshStandardMaterial;
  size: THREE.Vector3;
}

/** Creates the engine in `container`, downloads and shows the display asset. */
export function useViewerModel(
  container: React.RefObject<HTMLDivElement | null>,
  src: string,
  kind: "mesh" | "laser",
  options: ViewerOptions,
) {
  const [state, setState] = useState<LoadState>({ status: "loading", progress: 0 });
  const [model, setModel] = useState<LoadedModel | null>(null);
  const initial = useRef(options);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let engine: ViewerEngine | null = null;
    const { view, lang } = initial.current;
    const words = VIEWER_MESSAGES[lang];
    const material = new THREE.MeshStandardMaterial({
      color: 0x9aa6b6,
      roughness: 0.75,
      metalness: 0.05,
      flatShading: true,
      side: THREE.DoubleSide,
    });
    (async () => {
      if (!webglAvailable()) throw new Error(words.noWebgl);
      try {
        engine = new ViewerEngine(element);
      } catch {
        throw new Error(words.webglFailed);
      }
      const ready = await loadInto(
        engine,
        element,
        src,
        kind,
        material,
        (progress) => !cancelled && setState({ status: "loading", progress }),
      );
      if (cancelled) return;
      engine.setView(kind === "mesh" ? view : "top");
      setModel(ready);
      setState({ status: "ready" });
    })().catch((error: unknown) => {
      if (cancelled) return;
      const message =
        error instanceof DisplayDownloadError
          ? words.downloadFailed(error.status)
          : error instanceof Error
            ? error.message
            : words.notShown;
      setState({ status: "error", message });
    });
    return () => {
      cancelled = true;
      engine?.dispose();
    };
  }, [container, src, kind]);

  return { state, model };
}

async function loadInto(
  engine: ViewerEngine,
  element: HTMLElement,
  src: string,
  kind: "mesh" | "laser",
  material: THREE.MeshStandardMaterial,
  onProgress: (fraction: number | null) => void,
): Promise<LoadedModel> {
  engine.onFirstFrame = () => {
    // A hook for embedders' tests and the benchmark: the first frame with the model is on screen.
    element.dataset.firstFrame = String(Math.round(performance.now()));
    (window as { __viewerFirstFrame?: number }).__viewerFirstFrame = performance.now();
  };
  engine.clipped.push(material);
  const buffer = await fetchWithProgress(src, onProgress);
  if (kind === "mesh") {
    const { root, parts } = await parseDisplayMesh(buffer, material);
    engine.setModel(root, false);
    return {
      engine,
      parts,
      drawingGroups: null,
      contourPoints: null,
      material,
      size: engine.box.getSize(new THREE.Vector3()),
    };
  }
  const { root, groups, points } = buildDrawingObject(parseDisplayDrawing(buffer));
  engine.setModel(root, true);
  return {
    engine,
    parts: [],
    drawingGroups: groups,
    contourPoints: points,
    material,
    size: engine.box.getSize(new THREE.Vector3()),
  };
}
