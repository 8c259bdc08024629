"use client";

import type { Axis } from "./viewer-engine";
import type { Background, ViewName } from "./viewer-options";

export interface ToolbarState {
  is2d: boolean;
  ortho: boolean;
  bg: Background;
  edges: boolean;
  wireframe: boolean;
  measuring: boolean;
  section: Axis | null;
  sectionAt: number;
  dims: boolean;
}

interface Props {
  state: ToolbarState;
  onChange: (patch: Partial<ToolbarState>) => void;
  onView: (view: ViewName) => void;
  onFit: () => void;
  onScreenshot: () => void;
  downloadUrl?: string;
}

const BACKGROUNDS: Background[] = ["light", "dark", "transparent"];

function Button({ active, onClick, label, children }: { active?: boolean; onClick: () => void; label: string; children: React.ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      onClick={onClick}
      className={`rounded px-2 py-1 text-xs font-medium shadow-sm ring-1 ring-stone-300 ${active ? "bg-stone-800 text-white" : "bg-white/90 text-stone-800 hover:bg-white"}`}
    >
      {children}
    </button>
  );
}

export function ViewerToolbar({ state, onChange, onView, onFit, onScreenshot, downloadUrl }: Props) {
  const views: ViewName[] = ["front", "top", "right", "iso"];
  return (
    <div className="pointer-events-auto flex max-w-full flex-wrap items-center gap-1">
      <Button onClick={onFit} label="Fit to view">Fit</Button>
      {!state.is2d && views.map((v) => <Button key={v} onClick={() => onView(v)} label={`${v} view`}>{v[0].toUpperCase() + v.slice(1)}</Button>)}
      {!state.is2d && (
        <Button active={state.ortho} onClick={() => onChange({ ortho: !state.ortho })} label="Orthographic projection">
          {state.ortho ? "Ortho" : "Persp"}
        </Button>
      )}
      <Button active={state.dims} onClick={() => onChange({ dims: !state.dims })} label="Bounding box dimensions">Dims</Button>
      <Button active={state.measuring} onClick={() => onChange({ measuring: !state.measuring })} label="Measure distance">Measure</Button>
      {!state.is2d && (
        <>
          <Button active={state.edges} onClick={() => onChange({ edges: !state.edges })} label="Show edges">Edges</Button>
          <Button active={state.wireframe} onClick={() => onChange({ wireframe: !state.wireframe })} label="Wireframe">Wire</Button>
          {(["x", "y", "z"] as Axis[]).map((axis) => (
            <Button key={axis} active={state.section === axis} onClick={() => onChange({ section: state.section === axis ? null : axis })} label={`Section ${axis.toUpperCase()}`}>
              §{axis.toUpperCase()}
            </Button>
          ))}
        </>
      )}
      <Button onClick={() => onChange({ bg: BACKGROUNDS[(BACKGROUNDS.indexOf(state.bg) + 1) % BACKGROUNDS.length] })} label={`Background: ${state.bg}`}>
        Bg: {state.bg}
      </Button>
      <Button onClick={onScreenshot} label="Save screenshot">Shot</Button>
      {downloadUrl && (
        <a href={downloadUrl} className="rounded bg-white/90 px-2 py-1 text-xs font-medium text-stone-800 shadow-sm ring-1 ring-stone-300" download>
          Download
        </a>
      )}
      {state.section && (
        <label className="flex items-center gap-1 rounded bg-white/90 px-2 py-1 text-xs ring-1 ring-stone-300">
          Section {state.section.toUpperCase()}
          <input
            type="range"
            aria-label="Section position"
            min={0}
            max={1000}
            value={Math.round(state.sectionAt * 1000)}
            onChange={(e) => onChange({ sectionAt: Number(e.target.value) / 1000 })}
          />
        </label>
      )}
    </div>
  );
}
