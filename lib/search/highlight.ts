import { indexTokens } from "./analyze-text";

/** Marks (with «») the words of `text` that match any query token; null when nothing matches. */
export function highlight(text: string, queryTokens: Set<string>): string | null {
  let hit = false;
  const out = text.replace(/[\p{L}\p{N}]+/gu, (word) => {
    if (!indexTokens(word).some((t) => queryTokens.has(t))) return word;
    hit = true;
    return `«${word}»`;
  });
  return hit ? out.replace(/» «/g, " ") : null;
}
