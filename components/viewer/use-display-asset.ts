"use client";

import { useEffect, useState } from "react";
import * as THREE from "three";
import { DisplayDownloadError, fetchWithProgress, parseDisplayDrawing, parseDisplayMesh } from "./load-display-asset";
import type { LoadedPart } from "./load-display-asset";
import { buildDrawingGeometry, type DrawingGeometry } from "./drawing-object";
import type { ViewerMessages } from "./viewer-messages";

export type LoadState =
  | { status: "loading"; progress: number | null }
  | { status: "error"; message: string }
  | { status: "ready" };

/** What the scene shows: the parts of a mesh, or the layers of a drawing, and the box that frames them. */
export interface DisplayModel {
  parts: LoadedPart[];
  drawing: DrawingGeometry | null;
  box: THREE.Box3;
}

export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return !!(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

/** Downloads and decodes the display asset (in parallel with the canvas starting up). */
export function useDisplayAsset(src: string, kind: "mesh" | "laser", words: ViewerMessages) {
  const [state, setState] = useState<LoadState>({ status: "loading", progress: 0 });
  const [model, setModel] = useState<DisplayModel | null>(null);
  const { noWebgl, downloadFailed, notShown } = words;

  useEffect(() => {
    let cancelled = false;
    (async () => {
      // The download starts first: probing WebGL makes a context, which takes a while on software GL.
      const download = fetchWithProgress(src, (progress) => !cancelled && setState({ status: "loading", progress }));
      if (!webglAvailable()) {
        download.catch(() => {}); // abandoned: nothing will be shown
        throw new Error(noWebgl);
      }
      const buffer = await download;
      if (kind === "mesh") {
        const parts = await parseDisplayMesh(buffer);
        return { parts, drawing: null, box: unionBox(parts.map((p) => p.box)) };
      }
      const drawing = buildDrawingGeometry(parseDisplayDrawing(buffer));
      return { parts: [], drawing, box: unionBox([drawing.box]) };
    })().then(
      (loaded) => {
        if (cancelled) return;
        setModel(loaded);
        setState({ status: "ready" });
      },
      (error: unknown) => {
        if (cancelled) return;
        const message =
          error instanceof DisplayDownloadError
            ? downloadFailed(error.status)
            : error instanceof Error
              ? error.message
              : notShown;
        setState({ status: "error", message });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [src, kind, noWebgl, downloadFailed, notShown]);

  return { state, model, setState };
}

/** An empty model still gets a unit box, so fitting and sections have something to work with. */
function unionBox(boxes: THREE.Box3[]): THREE.Box3 {
  const box = new THREE.Box3();
  for (const b of boxes) box.union(b);
  if (box.isEmpty()) box.set(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
  return box;
}
