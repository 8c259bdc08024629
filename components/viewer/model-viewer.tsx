"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";
import type * as THREE from "three";
import type { ViewerFacts } from "@/lib/viewer/viewer-facts";
import { DEFAULT_VIEWER_OPTIONS, formatLength, type ViewerOptions } from "./viewer-options";
import { useDisplayAsset } from "./use-display-asset";
import { useNarrow } from "./use-narrow";
import { ViewerToolbar, type ToolbarState } from "./viewer-toolbar";
import { ViewerPanels } from "./viewer-panels";
import { ViewerCanvas } from "./viewer-canvas";
import type { ViewerHandle } from "./viewer-scene";
import type { DrawingLayerKey } from "./drawing-object";
import { postToHost } from "./embed-events";
import { VIEWER_MESSAGES } from "./viewer-messages";

export interface ModelViewerProps {
  /** URL of the display asset (GLB for meshes, contour JSON for drawings); see `displayAssetResponse`. */
  src: string;
  facts: ViewerFacts;
  downloadUrl?: string;
  options?: Partial<ViewerOptions>;
  className?: string;
  /** In the embed page: post `ready`, `error` and `measure` events to the framing page (embed-events.ts). */
  postEvents?: boolean;
}

/**
 * The 3D/2D viewer: fills its parent (give the parent a size). On a wide viewer the facts panel is a card
 * over the model's corner; on a narrow one it sits below the model behind a "Details" toggle, closed at
 * first, and the model's area shrinks rather than being covered.
 */
export function ModelViewer({ src, facts, downloadUrl, options: partial, className, postEvents }: ModelViewerProps) {
  const options = { ...DEFAULT_VIEWER_OPTIONS, ...partial };
  const words = VIEWER_MESSAGES[options.lang];
  const root = useRef<HTMLDivElement>(null);
  const handle = useRef<ViewerHandle>(null);
  const narrow = useNarrow(root);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();
  const { state, model, setState } = useDisplayAsset(src, facts.kind, words);
  const is2d = facts.kind === "laser";
  const [ui, setUi] = useState<ToolbarState>({
    is2d,
    ortho: is2d,
    bg: options.bg,
    edges: options.edges,
    wireframe: false,
    measuring: false,
    section: null,
    sectionAt: 0.5,
    dims: true,
    explode: null,
  });
  const [hiddenParts, setHiddenParts] = useState<ReadonlySet<number>>(new Set());
  const [layers, setLayers] = useState<Record<DrawingLayerKey, boolean>>({
    outer: true,
    hole: true,
    open: true,
    ignored: false,
  });
  const [measure, setMeasure] = useState<THREE.Vector3[]>([]);
  // The analysed extent where there is one: the display form is flattened (arcs) and quantised (meshes).
  const size = model ? (facts.bbox_mm ?? vectorSize(model.box)) : null;

  const onFirstFrame = useCallback(() => {
    // A hook for embedders' tests and the benchmark: the first frame with the model is on screen.
    if (root.current) root.current.dataset.firstFrame = String(Math.round(performance.now()));
    (window as { __viewerFirstFrame?: number }).__viewerFirstFrame = performance.now();
    if (postEvents) postToHost({ type: "ready", kind: facts.kind, size_mm: size });
  }, [postEvents, facts.kind, size]);
  useEffect(() => {
    if (postEvents && state.status === "error") postToHost({ type: "error", message: state.message });
  }, [postEvents, state]);
  useEffect(() => {
    if (!postEvents || measure.length !== 2) return;
    const points_mm = measure.map((p) => [p.x, p.y, p.z] as [number, number, number]);
    postToHost({ type: "measure", distance_mm: measure[0].distanceTo(measure[1]), points_mm });
  }, [postEvents, measure]);

  const screenshot = () => {
    if (!handle.current) return;
    const link = document.createElement("a");
    link.href = handle.current.screenshot();
    link.download = `${facts.name.replace(/\.[^.]+$/, "")}.png`;
    link.click();
  };
  const distance = measure.length === 2 ? measure[0].distanceTo(measure[1]) : null;
  const showTools = options.tools && state.status === "ready";
  const panels = (variant: "overlay" | "sheet") => (
    <ViewerPanels
      variant={variant}
      id={variant === "sheet" ? detailsId : undefined}
      facts={facts}
      parts={(model?.parts ?? []).map((p, i) => ({ name: p.name, visible: !hiddenParts.has(i) }))}
      onTogglePart={(i) =>
        setHiddenParts((prev) => {
          const next = new Set(prev);
          if (!next.delete(i)) next.add(i);
          return next;
        })
      }
      layers={model?.drawing ? layers : null}
      onToggleLayer={(key) => setLayers((prev) => ({ ...prev, [key]: !prev[key] }))}
      words={words}
    />
  );

  return (
    <div
      ref={root}
      className={`relative flex h-full w-full flex-col overflow-hidden ${className ?? ""}`}
      data-viewer-state={state.status}
      data-kind={facts.kind}
      data-section={ui.section ?? ""}
      data-layout={narrow ? "narrow" : "wide"}
    >
      <div className="relative min-h-0 flex-1">
        <ViewerCanvas
          model={model}
          ui={ui}
          hiddenParts={hiddenParts}
          layers={layers}
          measure={measure}
          size={size}
          options={options}
          handleRef={handle}
          onFirstFrame={onFirstFrame}
          measuring={ui.measuring}
          onPick={(x, y) => {
            const point = handle.current?.pick(x, y);
            if (point) setMeasure((prev) => (prev.length >= 2 ? [point] : [...prev, point]));
          }}
          onError={() => setState({ status: "error", message: words.webglFailed })}
        />
        {state.status === "loading" && (
          <div className="absolute inset-0 flex items-center justify-center" role="status">
            <div className="w-48 rounded bg-white/90 p-3 text-center text-xs text-stone-700 shadow ring-1 ring-stone-300">
              {words.loading}
              {state.progress === null ? "…" : ` ${Math.round(state.progress * 100)}%`}
              <div className="mt-2 h-1.5 overflow-hidden rounded bg-stone-200">
                <div
                  className="h-full bg-stone-700 transition-all"
                  style={{ width: `${Math.round((state.progress ?? 0.3) * 100)}%` }}
                />
              </div>
            </div>
          </div>
        )}
        {state.status === "error" && (
          <div className="absolute inset-0 flex items-center justify-center p-6" role="alert">
            <p className="max-w-sm rounded bg-white p-4 text-center text-sm text-stone-800 shadow ring-1 ring-stone-300">
              {state.message}
            </p>
          </div>
        )}
        {showTools && (
          <div className="pointer-events-none absolute inset-2 flex flex-col justify-between gap-2">
            <div className="flex min-h-0 flex-1 items-start justify-between gap-2">
              <ViewerToolbar
                state={ui}
                onChange={(patch) => {
                  if (patch.measuring === false) setMeasure([]);
                  setUi((prev) => ({ ...prev, ...patch }));
                }}
                onView={(view) => handle.current?.setView(view)}
                onFit={() => handle.current?.fit()}
                onScreenshot={screenshot}
                downloadUrl={downloadUrl}
                canExplode={(model?.parts.length ?? 0) > 1}
                collapsed={narrow}
                words={words}
              />
              {!narrow && panels("overlay")}
            </div>
            <div className="flex flex-wrap gap-2 text-xs">
              {ui.dims && size && (
                <span
                  className="rounded bg-white/90 px-2 py-1 tabular-nums text-stone-800 ring-1 ring-stone-300"
                  data-testid="viewer-dims"
                >
                  {formatLength(size.x, options.units, options.lang)} ×{" "}
                  {formatLength(size.y, options.units, options.lang)}
                  {!is2d && size.z !== undefined && ` × ${formatLength(size.z, options.units, options.lang)}`}
                </span>
              )}
              {ui.measuring && (
                <span
                  className="rounded bg-rose-50 px-2 py-1 tabular-nums text-rose-900 ring-1 ring-rose-300"
                  data-testid="viewer-measure"
                >
                  {distance === null
                    ? measure.length
                      ? words.secondPoint
                      : words.firstPoint
                    : `${words.distance} ${formatLength(distance, options.units, options.lang)}`}
                </span>
              )}
            </div>
          </div>
        )}
      </div>
      {showTools && narrow && (
        <div
          className="flex max-h-[45%] shrink-0 flex-col border-t border-stone-300 bg-white text-xs text-stone-800"
          data-testid="viewer-details"
        >
          <button
            type="button"
            aria-expanded={detailsOpen}
            aria-controls={detailsId}
            onClick={() => setDetailsOpen((open) => !open)}
            className="flex w-full items-center justify-between px-3 py-2 font-medium"
          >
            {words.details}
            <span aria-hidden>{detailsOpen ? "▾" : "▸"}</span>
          </button>
          {detailsOpen && panels("sheet")}
        </div>
      )}
    </div>
  );
}

function vectorSize(box: THREE.Box3): { x: number; y: number; z: number } {
  return { x: box.max.x - box.min.x, y: box.max.y - box.min.y, z: box.max.z - box.min.z };
}
