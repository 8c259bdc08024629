import { conceptLabel } from "@/lib/search/lexicon";
import type { FileMetadata, ShapeClass } from "./types";

type Lang = "id" | "en";
type Facts = Pick<
  FileMetadata,
  "kind" | "dimensions" | "shape_class" | "part_type" | "material" | "components" | "structure"
>;

const SHAPE_NOUN: Record<ShapeClass, [string, string]> = {
  plate: ["pelat", "plate"],
  sheet_part: ["komponen pelat potong laser", "laser-cut sheet part"],
  block: ["blok", "block"],
  cylinder: ["silinder", "cylinder"],
  rod: ["batang", "rod"],
  thin_walled: ["benda berdinding tipis", "thin-walled part"],
  complex: ["benda", "part"],
};

/** Catalogue materials by their shop names, used only when the file named that very material (not just "stainless"). */
const MATERIAL_NAME: Record<string, [string, string]> = {
  mild_steel: ["baja lunak", "mild steel"],
  ss304: ["baja tahan karat SS304", "SS304 stainless steel"],
  al5052: ["aluminium 5052", "aluminium 5052"],
  acrylic: ["akrilik", "acrylic"],
  galvanized: ["baja galvanis", "galvanized steel"],
};

export function formatNumber(n: number, lang: Lang): string {
  const rounded = Math.abs(n) >= 10 ? Math.round(n) : Math.round(n * 10) / 10;
  return rounded.toLocaleString(lang === "id" ? "id-ID" : "en-US", { maximumFractionDigits: 1 });
}

function materialName(m: NonNullable<Facts["material"]>, lang: Lang): string {
  const named = m.id === m.concept ? MATERIAL_NAME[m.concept] : undefined;
  if (named) return named[lang === "id" ? 0 : 1];
  const label = conceptLabel(m.concept, lang);
  return /^[a-z]{2,4}\d*$/.test(label) ? label.toUpperCase() : label;
}

function holesPhrase(h: FileMetadata["dimensions"]["holes"], lang: Lang): string | null {
  if (!h.count) return null;
  const ds = h.diameters_mm;
  const f = (n: number) => formatNumber(n, lang);
  const same = ds.length === h.count && ds.every((d) => d === ds[0]);
  const range = ds.length ? (same ? `Ø${f(ds[0])} mm` : `Ø${f(ds[0])}–${f(ds.at(-1)!)} mm`) : null;
  if (lang === "id") return `dengan ${h.count} lubang${range ? (same ? ` ${range}` : ` (${range})`) : ""}`;
  const noun = h.count === 1 ? "hole" : "holes";
  return `with ${h.count} ${same && range ? `${range} ${noun}` : `${noun}${range ? ` (${range})` : ""}`}`;
}

/** "nut ×8, bolt ×6, plate": the first five parts with their instance counts. */
function instanceList(s: Facts["structure"]): string {
  const listed = s.instances.slice(0, 5).map((p) => (p.count > 1 ? `${p.name} ×${p.count}` : p.name));
  return `${listed.join(", ")}${s.instances.length > 5 ? ", …" : ""}`;
}

/** "Rakitan 18 komponen (5 jenis komponen: nut ×8, …)" / "Assembly of 18 components (5 distinct parts: nut ×8, …)". */
function assemblyHead(facts: Facts, lang: Lang): string {
  const s = facts.structure;
  const named = facts.part_type && facts.part_type !== "assembly" ? conceptLabel(facts.part_type, lang) : null;
  const material = facts.material ? materialName(facts.material, lang) : null;
  if (lang === "id") {
    const head = ["Rakitan", named, `${s.components} komponen`, material].filter(Boolean).join(" ");
    return `${head} (${s.distinct_parts} jenis komponen: ${instanceList(s)})`;
  }
  const head = [material, named, "assembly"].filter(Boolean).join(" ");
  return `${head} of ${s.components} components (${s.distinct_parts} distinct parts: ${instanceList(s)})`;
}

/** One sentence per language, built only from measured or stated facts. */
export function describePart(facts: Facts, lang: Lang): string {
  const d = facts.dimensions;
  const f = (n: number) => formatNumber(n, lang);
  const assembly = facts.structure.type === "assembly";
  const noun = facts.part_type
    ? conceptLabel(facts.part_type, lang)
    : SHAPE_NOUN[facts.shape_class][lang === "id" ? 0 : 1];
  const material = facts.material ? materialName(facts.material, lang) : null;
  const head = assembly
    ? assemblyHead(facts, lang)
    : (lang === "id" ? [noun, material] : [material, noun]).filter(Boolean).join(" ");
  const extents = [d.bbox_mm.x, d.bbox_mm.y, ...(d.bbox_mm.z !== undefined ? [d.bbox_mm.z] : [])].map(f).join(" × ");
  const parts = [assembly ? `${head}, ${extents} mm` : `${head} ${extents} mm`];
  if (d.thickness_mm !== null)
    parts.push(lang === "id" ? `tebal ${f(d.thickness_mm)} mm` : `${f(d.thickness_mm)} mm thick`);
  const holes = holesPhrase(d.holes, lang);
  if (holes) parts.push(holes);
  if (d.volume_cm3 !== null && facts.kind === "mesh") parts.push(`volume ${f(d.volume_cm3)} cm³`);
  if (d.cut_length_mm !== null)
    parts.push(lang === "id" ? `panjang potong ${f(d.cut_length_mm)} mm` : `cut length ${f(d.cut_length_mm)} mm`);
  if (!assembly && facts.components.length > 1) {
    parts.push(
      `${facts.components.length} ${lang === "id" ? "komponen" : "components"} (${instanceList(facts.structure)})`,
    );
  }
  const sentence = parts.join(", ");
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
