/**
 * Rule-based Indonesian stemmer after Nazief & Adriani, reduced to the affixes
 * that occur in part names and descriptions: particles (-lah, -kah, -tah, -pun),
 * possessives (-ku, -mu, -nya), suffixes (-kan, -an, -i) and up to three
 * prefixes (di-, ke-, se-, ter-, ber-, per-, me-, pe- with their nasal
 * variants). A candidate is accepted only when it is a known root word, so
 * unknown words come back unchanged instead of being mangled.
 */
const PARTICLES = ["lah", "kah", "tah", "pun"];
const POSSESSIVES = ["nya", "ku", "mu"];
const SUFFIXES = ["kan", "an", "i"];
const VOWEL = /^[aiueo]/;

/** Each prefix rule maps a word to the candidates left after removing it (nasals restore the dropped consonant). */
function prefixCandidates(w: string): string[] {
  const rest = (n: number) => w.slice(n);
  if (/^(di|ke|se)/.test(w)) return [rest(2)];
  if (w.startsWith("ter")) return [rest(3), rest(2)];
  if (w.startsWith("ber") || w.startsWith("per")) return [rest(3), rest(2)];
  if (w.startsWith("be") || w.startsWith("te")) return [rest(2)];
  if (w.startsWith("me") || w.startsWith("pe")) {
    const body = rest(2);
    const after = (n: number) => body.slice(n);
    if (body.startsWith("ng")) return VOWEL.test(after(2)) ? [after(2), "k" + after(2)] : [after(2)];
    if (body.startsWith("ny")) return ["s" + after(2)];
    if (body.startsWith("m")) return VOWEL.test(after(1)) ? ["p" + after(1), after(1)] : [after(1)];
    if (body.startsWith("n")) return VOWEL.test(after(1)) ? ["t" + after(1), after(1)] : [after(1)];
    return [body];
  }
  return [];
}

function stripPrefixes(w: string, isRoot: (s: string) => boolean, depth: number): string | null {
  if (isRoot(w)) return w;
  if (depth === 0 || w.length <= 4) return null;
  for (const candidate of prefixCandidates(w)) {
    if (candidate.length < 2) continue;
    const found = stripPrefixes(candidate, isRoot, depth - 1);
    if (found) return found;
  }
  return null;
}

function stripEnding(w: string, endings: string[]): string {
  for (const e of endings) if (w.endsWith(e) && w.length - e.length >= 3) return w.slice(0, -e.length);
  return w;
}

export function stemIndonesian(word: string, isRoot: (s: string) => boolean): string {
  const w = word.toLowerCase();
  if (w.length <= 3 || isRoot(w) || !/^[a-z]+$/.test(w)) return w;
  const bare = stripEnding(stripEnding(w, PARTICLES), POSSESSIVES);
  const direct = stripPrefixes(bare, isRoot, 3);
  if (direct) return direct;
  for (const suffix of SUFFIXES) {
    if (!bare.endsWith(suffix) || bare.length - suffix.length < 3) continue;
    const found = stripPrefixes(bare.slice(0, -suffix.length), isRoot, 3);
    if (found) return found;
  }
  return w;
}
