/**
 * Events the embed page posts to the page that frames it (docs/viewer.md, "Embed events"). The target origin is
 * "*": any site may frame the viewer, and the events carry only what the viewer already shows.
 */
export type EmbedEvent =
  | { type: "ready"; kind: "mesh" | "laser"; size_mm: { x: number; y: number; z?: number } | null }
  | { type: "error"; message: string }
  | { type: "measure"; distance_mm: number; points_mm: [number, number, number][] };

/** Every message carries this `source`, so a host page can tell the viewer's messages from others. */
export const EMBED_EVENT_SOURCE = "bengkel-viewer";

export function postToHost(event: EmbedEvent): void {
  if (window.parent === window) return;
  window.parent.postMessage({ source: EMBED_EVENT_SOURCE, ...event }, "*");
}
