"use client";

import { useEffect, useId, useRef, useState } from "react";
import * as THREE from "three";
import type { ViewerFacts } from "@/lib/viewer/viewer-facts";
import { DEFAULT_VIEWER_OPTIONS, formatLength, type ViewerOptions } from "./viewer-options";
import { useViewerModel } from "./use-viewer-model";
import { ViewerToolbar, type ToolbarState } from "./viewer-toolbar";
import { ViewerPanels } from "./viewer-panels";
import { measureObject, pickPoint } from "./measure-tool";
import { applyDisplay } from "./apply-display";
import { explodeParts } from "./explode-parts";
import type { DrawingLayerKey } from "./drawing-object";
import { VIEWER_MESSAGES } from "./viewer-messages";

export interface ModelViewerProps {
  /** URL of the display asset (GLB for meshes, contour JSON for drawings); see `displayAssetResponse`. */
  src: string;
  facts: ViewerFacts;
  downloadUrl?: string;
  options?: Partial<ViewerOptions>;
  className?: string;
}

/** Below this width (a phone, a narrow embed) the facts panel moves under the model, behind a toggle, instead of covering it. */
const NARROW_PX = 640;

/** Whether the element is narrower than NARROW_PX, following its size (the viewer's width, not the window's: embeds vary). */
function useNarrow(element: React.RefObject<HTMLElement | null>): boolean {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const update = () => setNarrow(el.clientWidth < NARROW_PX);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [element]);
  return narrow;
}

/**
 * The 3D/2D viewer: fills its parent (give the parent a size). On a wide viewer the facts panel is a card
 * over the model's corner; on a narrow one it sits below the model behind a "Details" toggle, closed at
 * first, and the model's area shrinks rather than being covered.
 */
export function ModelViewer({ src, facts, downloadUrl, options: partial, className }: ModelViewerProps) {
  const options = { ...DEFAULT_VIEWER_OPTIONS, ...partial };
  const words = VIEWER_MESSAGES[options.lang];
  const container = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(root);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const detailsId = useId();
  const { state, model } = useViewerModel(container, src, facts.kind, options);
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
  const engine = model?.engine;

  useEffect(() => engine?.setBackground(ui.bg), [engine, ui.bg]);
  useEffect(() => engine?.setProjection(ui.ortho), [engine, ui.ortho]);
  useEffect(() => engine?.setSection(ui.section, ui.sectionAt), [engine, ui.section, ui.sectionAt]);
  useEffect(() => {
    if (model) applyDisplay(model, { wireframe: ui.wireframe, edges: ui.edges, hiddenParts, layers });
  }, [model, ui.wireframe, ui.edges, hiddenParts, layers]);
  useEffect(() => {
    if (model && model.parts.length > 1) explodeParts(model, ui.explode ?? 0);
  }, [model, ui.explode]);
  useEffect(() => {
    if (!engine) return;
    engine.overlay.clear();
    if (measure.length) engine.overlay.add(measureObject(measure));
    engine.requestRender();
  }, [engine, measure]);

  const press = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: React.PointerEvent) => (press.current = { x: e.clientX, y: e.clientY });
  const onPointerUp = (e: React.PointerEvent) => {
    const start = press.current;
    press.current = null;
    // A click, not the end of an orbit drag.
    if (!model || !ui.measuring || !start || Math.hypot(e.clientX - start.x, e.clientY - start.y) > 4) return;
    const point = pickPoint(
      model.engine,
      e.clientX,
      e.clientY,
      model.parts.map((p) => p.object),
      model.contourPoints,
    );
    if (point) setMeasure((prev) => (prev.length >= 2 ? [point] : [...prev, point]));
  };

  const screenshot = () => {
    if (!engine) return;
    const link = document.createElement("a");
    link.href = engine.screenshot();
    link.download = `${facts.name.replace(/\.[^.]+$/, "")}.png`;
    link.click();
  };
  const distance = measure.length === 2 ? measure[0].distanceTo(measure[1]) : null;
  // The analysed extent where there is one: the display form is flattened (arcs) and quantised (meshes).
  const size = model ? (facts.bbox_mm ?? model.size) : null;
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
      layers={model?.drawingGroups ? layers : null}
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
        <div
          ref={container}
          className={`absolute inset-0 ${ui.measuring ? "cursor-crosshair" : "cursor-grab"}`}
          data-testid="viewer-canvas"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
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
                onView={(view) => engine?.setView(view)}
                onFit={() => engine?.fit()}
                onScreenshot={screenshot}
                downloadUrl={downloadUrl}
                canExplode={(model?.parts.length ?? 0) > 1}
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
