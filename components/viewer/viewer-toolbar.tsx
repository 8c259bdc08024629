"use client";

import { useId, useState } from "react";
import type { Background, ViewName } from "./viewer-options";
import type { ViewerMessages } from "./viewer-messages";

export type Axis = "x" | "y" | "z";

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
  /** How far the parts are pulled apart (0–1); null when not exploded. */
  explode: number | null;
}

interface Props {
  state: ToolbarState;
  onChange: (patch: Partial<ToolbarState>) => void;
  onView: (view: ViewName) => void;
  onFit: () => void;
  onScreenshot: () => void;
  downloadUrl?: string;
  /** An assembly of several parts can be exploded. */
  canExplode: boolean;
  /** A narrow viewer (a phone): the buttons fold into a menu behind one button, the sliders stay out. */
  collapsed: boolean;
  words: ViewerMessages;
}

const BACKGROUNDS: Background[] = ["light", "dark", "transparent"];

function Button({
  active,
  onClick,
  label,
  children,
}: {
  active?: boolean;
  onClick: () => void;
  label: string;
  children: React.ReactNode;
}) {
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

/** A 0–1 value on a slider of `steps` steps. */
function FractionSlider(props: {
  title: string;
  label: string;
  steps: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <label className="flex items-center gap-1 rounded bg-white/90 px-2 py-1 text-xs ring-1 ring-stone-300">
      {props.title}
      <input
        type="range"
        aria-label={props.label}
        min={0}
        max={props.steps}
        value={Math.round(props.value * props.steps)}
        onChange={(e) => props.onChange(Number(e.target.value) / props.steps)}
      />
    </label>
  );
}

/** The viewer's buttons, then the sliders of the section and the explode when those are on. */
export function ViewerToolbar(props: Props) {
  const { state, onChange, collapsed, words } = props;
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const sliders = <ToolbarSliders state={state} onChange={onChange} words={words} />;
  if (!collapsed)
    return (
      <div className="pointer-events-auto flex max-w-full flex-wrap items-center gap-1">
        <ToolbarButtons {...props} />
        {sliders}
      </div>
    );
  return (
    <div className="pointer-events-auto flex max-w-full flex-col items-start gap-1" data-testid="viewer-menu">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        className="rounded bg-white/90 px-3 py-2 text-xs font-medium text-stone-800 shadow-sm ring-1 ring-stone-300"
      >
        {words.menu} <span aria-hidden>{open ? "▴" : "▾"}</span>
      </button>
      {open && (
        <div
          id={menuId}
          className="flex max-h-64 max-w-full flex-wrap gap-1 overflow-auto rounded bg-white/95 p-1 shadow ring-1 ring-stone-300"
        >
          <ToolbarButtons {...props} />
        </div>
      )}
      {sliders}
    </div>
  );
}

function ToolbarButtons({ state, onChange, onView, onFit, onScreenshot, downloadUrl, canExplode, words }: Props) {
  const views: ViewName[] = ["front", "top", "right", "iso"];
  return (
    <>
      <Button onClick={onFit} label={words.fitLabel}>
        {words.fit}
      </Button>
      {!state.is2d &&
        views.map((v) => (
          <Button key={v} onClick={() => onView(v)} label={words.views[v].label}>
            {words.views[v].short}
          </Button>
        ))}
      {!state.is2d && (
        <Button active={state.ortho} onClick={() => onChange({ ortho: !state.ortho })} label={words.orthoLabel}>
          {state.ortho ? words.ortho : words.persp}
        </Button>
      )}
      <Button active={state.dims} onClick={() => onChange({ dims: !state.dims })} label={words.dimsLabel}>
        {words.dims}
      </Button>
      <Button
        active={state.measuring}
        onClick={() => onChange({ measuring: !state.measuring })}
        label={words.measureLabel}
      >
        {words.measure}
      </Button>
      {!state.is2d && (
        <>
          <Button active={state.edges} onClick={() => onChange({ edges: !state.edges })} label={words.edgesLabel}>
            {words.edges}
          </Button>
          <Button
            active={state.wireframe}
            onClick={() => onChange({ wireframe: !state.wireframe })}
            label={words.wireLabel}
          >
            {words.wire}
          </Button>
          {(["x", "y", "z"] as Axis[]).map((axis) => (
            <Button
              key={axis}
              active={state.section === axis}
              onClick={() => onChange({ section: state.section === axis ? null : axis })}
              label={`${words.section} ${axis.toUpperCase()}`}
            >
              §{axis.toUpperCase()}
            </Button>
          ))}
          {canExplode && (
            <Button
              active={state.explode !== null}
              onClick={() => onChange({ explode: state.explode === null ? 0.5 : null })}
              label={words.explodeLabel}
            >
              {words.explode}
            </Button>
          )}
        </>
      )}
      <Button
        onClick={() => onChange({ bg: BACKGROUNDS[(BACKGROUNDS.indexOf(state.bg) + 1) % BACKGROUNDS.length] })}
        label={`${words.background}: ${words.backgrounds[state.bg]}`}
      >
        {words.background}: {words.backgrounds[state.bg]}
      </Button>
      <Button onClick={onScreenshot} label={words.shotLabel}>
        {words.shot}
      </Button>
      {downloadUrl && (
        <a
          href={downloadUrl}
          className="rounded bg-white/90 px-2 py-1 text-xs font-medium text-stone-800 shadow-sm ring-1 ring-stone-300"
          download
        >
          {words.download}
        </a>
      )}
    </>
  );
}

function ToolbarSliders({ state, onChange, words }: Pick<Props, "state" | "onChange" | "words">) {
  return (
    <>
      {state.section && (
        <FractionSlider
          title={`${words.section} ${state.section.toUpperCase()}`}
          label={words.sectionPosition}
          steps={1000}
          value={state.sectionAt}
          onChange={(sectionAt) => onChange({ sectionAt })}
        />
      )}
      {state.explode !== null && (
        <FractionSlider
          title={words.explode}
          label={words.explodeAmount}
          steps={100}
          value={state.explode}
          onChange={(explode) => onChange({ explode })}
        />
      )}
    </>
  );
}
