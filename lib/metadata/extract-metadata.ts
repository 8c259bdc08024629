import { DEFAULT_CATALOG, familySettings } from "@/lib/pricing";
import { profileFromSettings } from "@/lib/print-estimate/profile-settings";
import { CONCEPT_BY_ID, wordLanguage } from "@/lib/search/lexicon";
import { conceptsInText } from "@/lib/search/analyze-text";
import { tokenize } from "@/lib/search/tokenize";
import { classifyMesh, classifySheet } from "./classify-shape";
import { describePart } from "./describe-part";
import { findThickness } from "./find-thickness";
import { guessMaterial } from "./guess-material";
import { countMeshThroughHoles, holeDiameters, type MeshTopologyFacts, sheetComponents } from "./measure-holes";
import { fileStructure } from "./structure";
import type { ComponentMetadata, FileMetadata, FileStructure, SourceText } from "./types";

export interface ExtractInput {
  name: string;
  tags: string[];
  /** A stored analysis, read defensively: versions stored by older releases lack some fields. */
  analysis: { kind: "mesh" | "laser"; format: string; geometry: object; components?: unknown[] };
  /** Laser contours (not stored with the version; present when the drawing was read again). */
  contours?: { points: number[]; role: "outer" | "hole" | "open"; length_mm: number; layer?: string }[];
  /** Contour facts from an earlier full analysis of the same version, used when `contours` is absent. */
  sheetFacts?: { diameters_mm: number[]; components: ComponentMetadata[] };
  texts: SourceText[];
  now?: Date;
}

type Bbox = { x: number; y: number; z?: number };
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The texts that describe a file: its name and tags first, then what was read from the bytes. */
export const evidenceTexts = (name: string, tags: string[], texts: SourceText[]): SourceText[] => [
  { source: "file_name", text: name.replace(/\.[a-z0-9]+$/i, "") },
  ...tags.map((text) => ({ source: "tag", text })),
  ...texts,
];

function detectLanguage(texts: SourceText[]): FileMetadata["language"] {
  const votes = { id: 0, en: 0 };
  for (const t of texts)
    for (const w of tokenize(t.text)) {
      const lang = wordLanguage(w);
      if (lang) votes[lang]++;
    }
  if (!votes.id && !votes.en) return "unknown";
  if (votes.id && votes.en) return votes.id >= 2 * votes.en ? "id" : votes.en >= 2 * votes.id ? "en" : "mixed";
  return votes.id ? "id" : "en";
}

const isPartType = (id: string) =>
  CONCEPT_BY_ID.get(id)?.category === "part" && !["part", "assembly", "fastener"].includes(id);

/**
 * The part named first in the texts; English puts the head noun last ("mounting plate"), Indonesian first ("pelat dudukan").
 * An assembly is named by its file name and tags only (its object names name its components), else it is an "assembly".
 */
function partType(texts: SourceText[], structure: FileStructure): string | null {
  const assembly = structure.type === "assembly";
  for (const t of assembly ? texts.filter((t) => t.source === "file_name" || t.source === "tag") : texts) {
    const parts = conceptsInText(t.text).filter(isPartType);
    if (parts.length) return detectLanguage([t]) === "en" ? parts.at(-1)! : parts[0];
  }
  return assembly ? "assembly" : null;
}

function meshComponents(raw: unknown[] | undefined): ComponentMetadata[] {
  return (raw ?? []).map((c) => {
    const comp = c as { name: string; volume_cm3: number; bbox_mm: Bbox };
    return { name: comp.name, bbox_mm: comp.bbox_mm, volume_cm3: round(comp.volume_cm3, 2) };
  });
}

/** Stored analyses from before a field existed, and tests' partial ones, lack some figures. */
function hasTopology(g: Record<string, unknown>): g is Record<string, unknown> & MeshTopologyFacts {
  return (
    ["triangles", "vertices", "parts", "degenerate_triangles"].every((k) => typeof g[k] === "number") &&
    ["is_watertight", "is_manifold", "is_winding_consistent"].every((k) => typeof g[k] === "boolean")
  );
}

/** Rules only: every field comes from measured geometry or from words found in the file (see docs/search.md). */
export function extractMetadata(input: ExtractInput): FileMetadata {
  const { analysis } = input;
  const g = analysis.geometry as Record<string, unknown>;
  const texts = evidenceTexts(input.name, input.tags, input.texts);
  const bbox = g.bbox_mm as Bbox;
  const { material, reason } = guessMaterial(texts, analysis.kind);
  let dimensions: FileMetadata["dimensions"];
  let shape: FileMetadata["shape_class"];
  let components: ComponentMetadata[];
  let structure: FileStructure;
  if (analysis.kind === "mesh") {
    const volume = num(g.volume_cm3) ?? 0;
    const area = num(g.surface_area_cm2) ?? 0;
    components = meshComponents(analysis.components);
    structure = fileStructure("mesh", components, num(g.parts));
    // An assembly has no single shape, wall or plate thickness, and the holes of touching parts merge: those stay unstated.
    const assembly = structure.type === "assembly";
    shape = assembly ? "complex" : classifyMesh({ x: bbox.x, y: bbox.y, z: bbox.z ?? 0 }, volume, area);
    const thin = shape === "plate" || shape === "thin_walled";
    dimensions = {
      bbox_mm: { x: round(bbox.x), y: round(bbox.y), z: round(bbox.z ?? 0) },
      thickness_mm:
        shape === "plate"
          ? round(Math.min(bbox.x, bbox.y, bbox.z ?? 0))
          : thin
            ? round((2 * volume * 1000) / (area * 100))
            : null,
      thickness_source: thin ? "geometry" : null,
      holes: { count: hasTopology(g) && !assembly ? countMeshThroughHoles(g) : null, diameters_mm: [] },
      volume_cm3: round(volume, 2),
      area_cm2: round(area, 2),
      cut_length_mm: null,
    };
  } else {
    const area = num(g.area_cm2) ?? 0;
    const thickness = findThickness(texts);
    const diameters = input.contours ? holeDiameters(input.contours) : (input.sheetFacts?.diameters_mm ?? []);
    shape = classifySheet(bbox, area);
    dimensions = {
      bbox_mm: { x: round(bbox.x), y: round(bbox.y) },
      thickness_mm: thickness?.value ?? null,
      thickness_source: thickness ? "text" : null,
      holes: { count: num(g.holes), diameters_mm: diameters },
      volume_cm3: null,
      area_cm2: round(area, 2),
      cut_length_mm: round(num(g.cut_length_mm) ?? 0),
    };
    components = input.contours ? sheetComponents(input.contours) : (input.sheetFacts?.components ?? []);
    structure = fileStructure("laser", components, null);
  }
  const facts = {
    kind: analysis.kind,
    dimensions,
    shape_class: shape,
    part_type: partType(texts, structure),
    material,
    components,
    structure,
  };
  return {
    ...facts,
    format: analysis.format,
    material_reason: reason,
    description: { id: describePart(facts, "id"), en: describePart(facts, "en") },
    language: detectLanguage(texts),
    analyzed_at: (input.now ?? new Date()).toISOString(),
    analyzer: "rules",
  };
}

/** Metadata stored before `structure` existed gets it from its components (shells unknown). */
export const withStructure = (m: FileMetadata): FileMetadata =>
  m.structure ? m : { ...m, structure: fileStructure(m.kind, m.components ?? [], null) };

/** Density for weight: the catalogue's for printing materials; handbook values for sheet metals and acrylic. */
const SHEET_DENSITY: Record<string, number> = {
  mild_steel: 7.85,
  ss304: 7.93,
  galvanized: 7.85,
  al5052: 2.68,
  acrylic: 1.19,
};
export function densityOf(metadata: FileMetadata): number | null {
  const id = metadata.material?.id;
  if (!id) return null;
  return DEFAULT_CATALOG.print_3d.materials.find((m) => m.id === id)?.density_g_cm3 ?? SHEET_DENSITY[id] ?? null;
}

/** Material volume as printed at 20 % infill (the shell is solid: perimeters × line width deep) or, for sheet, area × thickness. */
export function massVolumeCm3(metadata: FileMetadata): number | null {
  const d = metadata.dimensions;
  if (metadata.kind === "laser")
    return d.thickness_mm !== null && d.area_cm2 !== null ? (d.area_cm2 * d.thickness_mm) / 10 : null;
  if (d.volume_cm3 === null || d.area_cm2 === null) return null;
  const { perimeters, widths } = profileFromSettings(familySettings("fdm", DEFAULT_CATALOG.print_3d.families.fdm));
  const shell = Math.min(d.volume_cm3, (d.area_cm2 * perimeters * widths.perimeter) / 10);
  return shell + (d.volume_cm3 - shell) * 0.2;
}
