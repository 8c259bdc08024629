import { PART_TERMS } from "./lexicon/parts";
import { MATERIAL_TERMS } from "./lexicon/materials";
import { FEATURE_TERMS } from "./lexicon/features";
import { tokenize } from "./tokenize";
import { stemEnglish } from "./stem-english";
import { stemIndonesian } from "./stem-indonesian";

/**
 * The bilingual manufacturing lexicon: concepts with their Indonesian and
 * English terms, broader concepts (stainless steel → steel) and, for
 * materials, the price-catalogue id. Entries live in ./lexicon/*.ts as
 * `indonesian terms ; english terms > broader @catalogue-id`.
 */
export type ConceptCategory = "part" | "material" | "feature";

export interface Concept {
  id: string;
  category: ConceptCategory;
  idTerms: string[];
  enTerms: string[];
  broader: string[];
  material: string | null;
}

/** Words so common in part names that matching them says little about relevance. */
const GENERIC = new Set([
  "part",
  "model",
  "design",
  "material",
  "shape",
  "feature",
  "size",
  "process",
  "drawing",
  "version",
  "revision",
  "set",
  "fastener",
]);

/** Indonesian roots besides the lexicon's own words, so inflected forms (dipotong, pengeboran) find their root. */
const EXTRA_ROOTS =
  "buat pasang ikat sambung putar tekan gerak dorong tarik jepit gantung dukung ukur hitung lipat cetak ganti guna letak " +
  "pakai potong bor las cat poles rakit tutup kunci lubang tebal tipis panjang lebar tinggi berat ringan kuat kecil besar " +
  "tahan karat isi luar atas bawah kirim pesan harga jual beli simpan tempel tanam lapis bentuk ulir tekuk gambar desain";

const slug = (term: string) => tokenize(term).join("_");

function parseEntries(lines: string[], category: ConceptCategory) {
  return lines.map((line) => {
    const [idPart, rest] = line.split(";");
    const [enPart, tail = ""] = rest.split(">");
    const [broaderPart, material = ""] = tail.split("@");
    const list = (s: string) =>
      s
        .split(",")
        .map((t) => tokenize(t).join(" "))
        .filter(Boolean);
    const enTerms = list(enPart);
    return {
      id: slug(enTerms[0]),
      category,
      idTerms: list(idPart),
      enTerms,
      broaderTerms: list(broaderPart),
      material: material.trim() || null,
    };
  });
}

const RAW = [
  ...parseEntries(PART_TERMS, "part"),
  ...parseEntries(MATERIAL_TERMS, "material"),
  ...parseEntries(FEATURE_TERMS, "feature"),
];

/** Phrase (space-joined tokens) → concept ids; each term in both languages. */
const PHRASES = new Map<string, string[]>();
const addPhrase = (phrase: string, id: string) => {
  const ids = PHRASES.get(phrase) ?? [];
  if (!ids.includes(id)) PHRASES.set(phrase, [...ids, id]);
  return ids.length === 0;
};
for (const c of RAW) for (const term of [...c.enTerms, ...c.idTerms]) addPhrase(term, c.id);

/** Broader terms name a concept by id or by any of its English terms. */
const resolve = (term: string) => (RAW.some((c) => c.id === slug(term)) ? slug(term) : PHRASES.get(term)?.[0]);

export const CONCEPTS: Concept[] = RAW.map(({ broaderTerms, ...c }) => ({
  ...c,
  broader: broaderTerms.map((t) => resolve(t) ?? `unknown:${t}`),
}));
export const CONCEPT_BY_ID = new Map(CONCEPTS.map((c) => [c.id, c]));

export const ROOT_WORDS = new Set([
  ...CONCEPTS.flatMap((c) => c.idTerms.flatMap((t) => t.split(" "))),
  ...EXTRA_ROOTS.split(" "),
]);
export const isRootWord = (w: string) => ROOT_WORDS.has(w);

/** Single-word terms by stem, so `holes`, `brackets`, `dilas`, `pengeboran` find their concept. */
const STEMS = new Map<string, string[]>();
for (const [phrase, ids] of PHRASES) {
  if (phrase.includes(" ")) continue;
  // The term itself is a root, so ask for a shorter one: `sambungan` → `sambung` (then `menyambung` finds it too).
  const idStem = stemIndonesian(phrase, (w) => w !== phrase && isRootWord(w));
  for (const stem of new Set([stemEnglish(phrase), idStem])) {
    STEMS.set(stem, [...new Set([...(STEMS.get(stem) ?? []), ...ids])]);
  }
}

/** Every single-word term, for typo correction. */
export const VOCABULARY = [...PHRASES.keys()].filter((p) => !p.includes(" ") && p.length >= 4);

export const MAX_PHRASE_WORDS = 3;

export const conceptsOfPhrase = (phrase: string): string[] => PHRASES.get(phrase) ?? [];

/** A single word's concepts via its exact form, then its English or Indonesian stem. */
export function conceptsOfWord(word: string): string[] {
  return PHRASES.get(word) ?? STEMS.get(stemEnglish(word)) ?? STEMS.get(stemIndonesian(word, isRootWord)) ?? [];
}

/** The concept and all broader ones, transitively. */
export function withAncestors(id: string, seen = new Set<string>()): Set<string> {
  if (seen.has(id)) return seen;
  seen.add(id);
  for (const parent of CONCEPT_BY_ID.get(id)?.broader ?? []) withAncestors(parent, seen);
  return seen;
}

/** How much a match on this concept says about relevance: generic words and measurement words (carriers of numbers) little. */
export function conceptWeight(id: string): number {
  if (GENERIC.has(id)) return 0.15;
  const lineage = withAncestors(id);
  if (lineage.has("size") || lineage.has("dimension") || lineage.has("color") || id === "application") return 0.3;
  return CONCEPT_BY_ID.get(id)?.category === "feature" ? 0.7 : 1;
}

/** Term used in descriptions: the concept's first term in the language. */
export function conceptLabel(id: string, language: "id" | "en"): string {
  const c = CONCEPT_BY_ID.get(id);
  if (!c) return id;
  return language === "id" ? c.idTerms[0] : c.enTerms[0];
}

const ID_WORDS = new Set(CONCEPTS.flatMap((c) => c.idTerms.flatMap((t) => t.split(" "))));
const EN_WORDS = new Set(CONCEPTS.flatMap((c) => c.enTerms.flatMap((t) => t.split(" "))));

/** Which language a word is evidence of: only words that belong to one side count. */
export function wordLanguage(word: string): "id" | "en" | null {
  const id = ID_WORDS.has(word) || ID_WORDS.has(stemIndonesian(word, isRootWord));
  const en = EN_WORDS.has(word) || EN_WORDS.has(stemEnglish(word));
  return id === en ? null : id ? "id" : "en";
}
