/** What `extractMetadata` produces and the API returns (schema in lib/contracts/search.ts). */
export type ShapeClass = "plate" | "sheet_part" | "block" | "cylinder" | "rod" | "thin_walled" | "complex";

export interface SourceText {
  /** file_name, tag, dxf_text, dxf_layer, dxf_block, model_material, model_metadata, object_name */
  source: string;
  text: string;
}

export interface Evidence {
  source: string;
  text: string;
}

export interface MaterialGuess {
  /** Price-catalogue id (pla, ss304, …) or null for a material the catalogue lacks (brass, wood …). */
  id: string | null;
  concept: string;
  label: string;
  confidence: number;
  evidence: Evidence[];
}

export interface ComponentMetadata {
  name: string;
  bbox_mm: { x: number; y: number; z?: number };
  volume_cm3?: number;
  cut_length_mm?: number;
}

/** How a file is built (rules in lib/metadata/structure.ts and docs/search.md). */
export interface FileStructure {
  /** assembly: a mesh of two or more distinct named parts; multiple: several components of one part; single: one. */
  type: "single" | "multiple" | "assembly";
  /** Named objects of a mesh, one per placed instance (= `components.length`); outer contours of a drawing. */
  components: number;
  /** Components grouped by part name ("bolt_1" and "bolt_2" are one part). */
  distinct_parts: number;
  /** Each distinct part with its number of instances, most first. */
  instances: { name: string; count: number }[];
  /** Connected shells of the mesh (`geometry.parts`): touching components weld into one, so this is not a part count. Null for drawings. */
  shells: number | null;
}

export interface FileMetadata {
  kind: "mesh" | "laser";
  format: string;
  dimensions: {
    bbox_mm: { x: number; y: number; z?: number };
    thickness_mm: number | null;
    thickness_source: "geometry" | "text" | null;
    /** Meshes: holes through the part counted from its topology (null when it is not closed), no diameters. */
    holes: { count: number | null; diameters_mm: number[] };
    volume_cm3: number | null;
    area_cm2: number | null;
    cut_length_mm: number | null;
  };
  shape_class: ShapeClass;
  /** Part type named in the file name, tags or texts (lexicon concept id), e.g. "bracket"; for an assembly the one its name or tags give, else "assembly". */
  part_type: string | null;
  material: MaterialGuess | null;
  material_reason: string | null;
  components: ComponentMetadata[];
  structure: FileStructure;
  description: { id: string; en: string };
  /** Language of the file's own words (name, tags, texts). */
  language: "id" | "en" | "mixed" | "unknown";
  analyzed_at: string;
  analyzer: "rules" | "rules+llm";
}
