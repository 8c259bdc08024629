import {
  conceptsOfPhrase,
  conceptsOfWord,
  conceptWeight,
  isRootWord,
  MAX_PHRASE_WORDS,
  withAncestors,
} from "./lexicon";
import { correctTypo } from "./correct-typo";
import { stemEnglish } from "./stem-english";
import { stemIndonesian } from "./stem-indonesian";
import { isStopword, tokenize } from "./tokenize";

/** Concept ids as index tokens; no separators, because FTS5's tokenizer would split them. */
export const conceptToken = (id: string) => `zc${id.replace(/_/g, "")}`;

interface Span {
  words: string[];
  concepts: string[];
}

/** Longest-first phrase matching: `roda gigi` is one concept, not `wheel` + `tooth`. */
function spans(tokens: string[]): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < tokens.length; ) {
    let matched: Span | null = null;
    for (let n = Math.min(MAX_PHRASE_WORDS, tokens.length - i); n > 1 && !matched; n--) {
      const concepts = conceptsOfPhrase(tokens.slice(i, i + n).join(" "));
      if (concepts.length) matched = { words: tokens.slice(i, i + n), concepts };
    }
    matched ??= { words: [tokens[i]], concepts: conceptsOfWord(tokens[i]) };
    out.push(matched);
    i += matched.words.length;
  }
  return out;
}

const stems = (word: string) => [...new Set([word, stemEnglish(word), stemIndonesian(word, isRootWord)])];

/** Document side: the words, their stems and every concept (with broader ones) they name. */
export function indexTokens(text: string): string[] {
  const out = new Set<string>();
  for (const span of spans(tokenize(text))) {
    for (const word of span.words) for (const s of stems(word)) out.add(s);
    for (const id of span.concepts) for (const a of withAncestors(id)) out.add(conceptToken(a));
  }
  return [...out];
}

/** One query word or phrase: any of its tokens in a document counts as a match. */
export interface TermGroup {
  text: string;
  tokens: string[];
  concepts: string[];
  weight: number;
  /** Set when the word was not known and a lexicon word within 1–2 edits was used instead. */
  correctedTo?: string[];
}

export function queryGroups(text: string): TermGroup[] {
  const words = tokenize(text).filter((t) => !isStopword(t));
  return spans(words).map(({ words: w, concepts }) => {
    const surface = w.join(" ");
    if (concepts.length) {
      return {
        text: surface,
        tokens: [...concepts.map(conceptToken), ...w],
        concepts,
        weight: Math.max(...concepts.map(conceptWeight)),
      };
    }
    const corrected = correctTypo(surface);
    const fixed = [...new Set(corrected.flatMap(conceptsOfWord))];
    if (fixed.length) {
      return {
        text: surface,
        tokens: [...fixed.map(conceptToken), ...stems(surface)],
        concepts: fixed,
        weight: 0.8 * Math.max(...fixed.map(conceptWeight)),
        correctedTo: corrected,
      };
    }
    return { text: surface, tokens: stems(surface), concepts: [], weight: 0.8 };
  });
}

/** Concepts named in a text (no broader ones), in order of appearance. */
export const conceptsInText = (text: string): string[] => spans(tokenize(text)).flatMap((s) => s.concepts);
