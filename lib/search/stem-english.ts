/**
 * Porter (1980) stemmer for English. Index and query words go through the same
 * function, so only consistency matters; this follows the published steps.
 */
const isCons = (w: string, i: number): boolean => {
  const c = w[i];
  if ("aeiou".includes(c)) return false;
  if (c === "y") return i === 0 || !isCons(w, i - 1);
  return true;
};

/** m: the number of vowel–consonant sequences in `w`. */
function measure(w: string): number {
  let m = 0;
  let i = 0;
  while (i < w.length && isCons(w, i)) i++;
  while (i < w.length) {
    while (i < w.length && !isCons(w, i)) i++;
    if (i >= w.length) break;
    while (i < w.length && isCons(w, i)) i++;
    m++;
  }
  return m;
}

const hasVowel = (w: string) => [...w].some((_, i) => !isCons(w, i));
const endsDoubleCons = (w: string) => w.length > 1 && w.at(-1) === w.at(-2) && isCons(w, w.length - 1);
const endsCvc = (w: string) =>
  w.length >= 3 &&
  isCons(w, w.length - 3) &&
  !isCons(w, w.length - 2) &&
  isCons(w, w.length - 1) &&
  !"wxy".includes(w.at(-1)!);

function replaceSuffix(w: string, rules: [string, string][], minM: number): string {
  for (const [suffix, replacement] of rules) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    return measure(stem) > minM ? stem + replacement : w;
  }
  return w;
}

const STEP2: [string, string][] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["abli", "able"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
];
const STEP3: [string, string][] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4 = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

export function stemEnglish(word: string): string {
  let w = word.toLowerCase();
  if (w.length <= 2 || !/^[a-z]+$/.test(w)) return w;
  // Step 1a: plurals.
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  // Step 1b: -eed, -ed, -ing.
  if (w.endsWith("eed")) {
    if (measure(w.slice(0, -3)) > 0) w = w.slice(0, -1);
  } else {
    const suffix = w.endsWith("ed") ? "ed" : w.endsWith("ing") ? "ing" : null;
    if (suffix && hasVowel(w.slice(0, -suffix.length))) {
      w = w.slice(0, -suffix.length);
      if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
      else if (endsDoubleCons(w) && !"lsz".includes(w.at(-1)!)) w = w.slice(0, -1);
      else if (measure(w) === 1 && endsCvc(w)) w += "e";
    }
  }
  // Step 1c: y → i after a vowel-bearing stem.
  if (w.endsWith("y") && hasVowel(w.slice(0, -1))) w = w.slice(0, -1) + "i";
  w = replaceSuffix(w, STEP2, 0);
  w = replaceSuffix(w, STEP3, 0);
  for (const suffix of STEP4) {
    if (!w.endsWith(suffix)) continue;
    const stem = w.slice(0, -suffix.length);
    if (measure(stem) > 1 && (suffix !== "ion" || /[st]$/.test(stem))) w = stem;
    break;
  }
  // Step 5: final -e and -ll.
  if (w.endsWith("e")) {
    const stem = w.slice(0, -1);
    const m = measure(stem);
    if (m > 1 || (m === 1 && !endsCvc(stem))) w = stem;
  }
  if (measure(w) > 1 && endsDoubleCons(w) && w.endsWith("l")) w = w.slice(0, -1);
  return w;
}
