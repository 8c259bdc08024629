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
  /** Part type named in the file name, tags or texts (lexicon concept id), e.g. "bracket". */
  part_type: string | null;
  material: MaterialGuess | null;
  material_reason: string | null;
  components: ComponentMetadata[];
  description: { id: string; en: string };
  /** Language of the file's own words (name, tags, texts). */
  language: "id" | "en" | "mixed" | "unknown";
  analyzed_at: string;
  analyzer: "rules" | "rules+llm";
}
