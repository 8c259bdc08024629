"use client";

import type { ViewerFacts } from "@/lib/viewer/viewer-facts";
import { DRAWING_COLORS, type DrawingLayerKey } from "./drawing-object";
import type { ViewerMessages } from "./viewer-messages";

const hex = (color: number) => `#${color.toString(16).padStart(6, "0")}`;

interface Props {
  facts: ViewerFacts;
  parts: { name: string; visible: boolean }[];
  onTogglePart: (index: number) => void;
  layers: Record<DrawingLayerKey, boolean> | null;
  onToggleLayer: (key: DrawingLayerKey) => void;
  words: ViewerMessages;
  /** "overlay": a card over the model's top-right corner (wide viewers); "sheet": full width below the model (narrow ones). */
  variant?: "overlay" | "sheet";
  id?: string;
}

/** Geometry facts, then the parts (3D) or contour layers (2D) with show/hide. */
export function ViewerPanels({
  facts,
  parts,
  onTogglePart,
  layers,
  onToggleLayer,
  words,
  variant = "overlay",
  id,
}: Props) {
  const frame =
    variant === "overlay"
      ? "pointer-events-auto max-h-full w-56 rounded bg-white/90 shadow ring-1 ring-stone-300"
      : "min-h-0 w-full flex-1 bg-white";
  return (
    <div
      id={id}
      className={`${frame} overflow-auto p-2 text-xs text-stone-800`}
      data-testid="viewer-panel"
      data-variant={variant}
    >
      <h2 className="truncate font-semibold" title={facts.name}>
        {facts.name}
      </h2>
      <p className="mb-1 text-stone-500">
        {facts.format} · {words.version} {facts.version}
      </p>
      <dl className="grid grid-cols-2 gap-x-2" data-testid="viewer-facts">
        {facts.entries.map((e) => (
          <div key={e.label} className="contents">
            <dt className="text-stone-500" title={e.title}>
              {e.label}
            </dt>
            <dd className="text-right tabular-nums">{e.value}</dd>
          </div>
        ))}
      </dl>
      {parts.length > 1 && (
        <fieldset className="mt-2">
          <legend className="font-semibold">{words.parts}</legend>
          {parts.map((part, i) => (
            <label key={`${part.name}-${i}`} className="flex items-center gap-1 truncate">
              <input type="checkbox" checked={part.visible} onChange={() => onTogglePart(i)} />
              {part.name}
            </label>
          ))}
        </fieldset>
      )}
      {layers && (
        <fieldset className="mt-2">
          <legend className="font-semibold">{words.contours}</legend>
          {(Object.keys(layers) as DrawingLayerKey[]).map((key) => (
            <label key={key} className="flex items-center gap-1">
              <input type="checkbox" checked={layers[key]} onChange={() => onToggleLayer(key)} />
              <span className="inline-block h-2 w-3" style={{ background: hex(DRAWING_COLORS[key]) }} />
              {words.layers[key]}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
