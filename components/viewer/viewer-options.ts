export type ViewName = "front" | "top" | "right" | "iso";
export type Background = "light" | "dark" | "transparent";

/** Options an embedder sets in the URL: `?bg=transparent&edges=1&tools=0&view=iso&units=mm&lang=id`. */
export interface ViewerOptions {
  bg: Background;
  edges: boolean;
  tools: boolean;
  view: ViewName;
  units: "mm" | "in";
  /** The viewer's own words: English or Indonesian. */
  lang: "en" | "id";
}

export const DEFAULT_VIEWER_OPTIONS: ViewerOptions = {
  bg: "light",
  edges: false,
  tools: true,
  view: "iso",
  units: "mm",
  lang: "en",
};

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
const flag = (value: unknown, fallback: boolean) =>
  value === "1" || value === "true" ? true : value === "0" || value === "false" ? false : fallback;

export function parseViewerOptions(query: Record<string, string | string[] | undefined>): ViewerOptions {
  const d = DEFAULT_VIEWER_OPTIONS;
  return {
    bg: pick(query.bg, ["light", "dark", "transparent"] as const, d.bg),
    edges: flag(query.edges, d.edges),
    tools: flag(query.tools, d.tools),
    view: pick(query.view, ["front", "top", "right", "iso"] as const, d.view),
    units: pick(query.units, ["mm", "in"] as const, d.units),
    lang: pick(query.lang, ["en", "id"] as const, d.lang),
  };
}

/** A length in the viewer's unit and language (decimal comma in Indonesian). */
export function formatLength(mm: number, units: "mm" | "in", lang: "en" | "id" = "en"): string {
  const digits = units === "in" ? 3 : 2;
  const value = (units === "in" ? mm / 25.4 : mm).toLocaleString(lang === "id" ? "id-ID" : "en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
  return `${value} ${units}`;
}
