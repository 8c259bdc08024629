import { VOCABULARY } from "./lexicon";

/** Optimal-string-alignment distance, abandoned once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** Allowed edits grow with length: short words have too many neighbours to guess safely. */
const maxEdits = (word: string) => (word.length < 4 ? 0 : word.length < 8 ? 1 : 2);

/** The closest lexicon words (ties kept), or none when nothing is within reach. */
export function correctTypo(word: string): string[] {
  const max = maxEdits(word);
  if (max === 0 || /\d/.test(word)) return [];
  let best = max + 1;
  let found: string[] = [];
  for (const candidate of VOCABULARY) {
    const d = editDistance(word, candidate, Math.min(max, best));
    if (d < best) [best, found] = [d, [candidate]];
    else if (d === best && d <= max) found.push(candidate);
  }
  return best <= max ? found : [];
}
