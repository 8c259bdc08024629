import { DEFAULT_CATALOG } from "@/lib/pricing";
import { CONCEPT_BY_ID, conceptLabel, withAncestors } from "@/lib/search/lexicon";
import { conceptsInText } from "@/lib/search/analyze-text";
import type { MaterialGuess, SourceText } from "./types";

/** How much a material named in each place says about what the part is made of. */
const SOURCE_WEIGHT: Record<string, number> = {
  model_material: 0.9,
  dxf_text: 0.85,
  model_metadata: 0.8,
  dxf_layer: 0.75,
  file_name: 0.7,
  tag: 0.7,
  dxf_block: 0.6,
  object_name: 0.6,
};

const PRINT_IDS = new Set(DEFAULT_CATALOG.print_3d.materials.map((m) => m.id));
const LASER_IDS = new Set(DEFAULT_CATALOG.laser.materials.map((m) => m.id));
const TOO_BROAD = new Set(["material", "metal", "plastic", "filament"]);

/** Candidates: material concepts named in the texts; a more specific concept (ss304) absorbs its broader ones (stainless, steel). */
export function guessMaterial(
  texts: SourceText[],
  kind: "mesh" | "laser",
): { material: MaterialGuess | null; reason: string | null } {
  const found = new Map<string, MaterialGuess>();
  for (const t of texts) {
    for (const id of conceptsInText(t.text)) {
      const concept = CONCEPT_BY_ID.get(id);
      if (!concept || concept.category !== "material" || TOO_BROAD.has(id)) continue;
      const guess = found.get(id) ?? {
        id: concept.material,
        concept: id,
        label: conceptLabel(id, "en"),
        confidence: 0,
        evidence: [],
      };
      guess.confidence =
        Math.max(guess.confidence, SOURCE_WEIGHT[t.source] ?? 0.5) + (guess.evidence.length ? 0.05 : 0);
      guess.evidence.push({ source: t.source, text: t.text });
      found.set(id, guess);
    }
  }
  const candidates = [...found.values()].filter(
    (g) => ![...found.keys()].some((other) => other !== g.concept && withAncestors(other).has(g.concept)),
  );
  for (const g of candidates) {
    // Broader names ("stainless" beside "SS304") agree with the specific one: their evidence counts for it.
    for (const [id, broader] of found) {
      if (id === g.concept || !withAncestors(g.concept).has(id)) continue;
      g.evidence.push(...broader.evidence);
      g.confidence += 0.05;
    }
    // A catalogue material of the other process (PLA on a laser drawing) is a weaker reading.
    if (g.id && (kind === "laser" ? PRINT_IDS.has(g.id) : LASER_IDS.has(g.id) && g.id !== "acrylic"))
      g.confidence *= 0.6;
    g.confidence = Math.round(Math.min(0.98, g.confidence) * 100) / 100;
  }
  candidates.sort((a, b) => b.confidence - a.confidence || b.evidence.length - a.evidence.length);
  if (candidates[0]) return { material: candidates[0], reason: null };
  return {
    material: null,
    reason: "No material is named in the file name, tags, layer names, texts or model metadata.",
  };
}
