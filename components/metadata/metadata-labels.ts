import type { MessageKey } from "@/lib/i18n/messages";

const KEYS = {
  title: "metadata.title",
  analyze: "metadata.analyze",
  analyzing: "metadata.analyzing",
  dimensions: "metadata.dimensions",
  thickness: "metadata.thickness",
  holes: "metadata.holes",
  holesUnknown: "metadata.holesUnknown",
  shape: "metadata.shape",
  partType: "metadata.partType",
  material: "metadata.material",
  confidence: "metadata.confidence",
  evidence: "metadata.evidence",
  noMaterial: "metadata.noMaterial",
  components: "metadata.components",
  description: "metadata.description",
  showId: "metadata.showId",
  showEn: "metadata.showEn",
  analyzer: "metadata.analyzer",
  intro: "metadata.intro",
  plate: "shape.plate",
  sheet_part: "shape.sheet_part",
  block: "shape.block",
  cylinder: "shape.cylinder",
  rod: "shape.rod",
  thin_walled: "shape.thin_walled",
  complex: "shape.complex",
} as const satisfies Record<string, MessageKey>;

export type MetadataLabels = Record<keyof typeof KEYS, string>;

export function metadataLabels(t: (key: MessageKey) => string): MetadataLabels {
  return Object.fromEntries(Object.entries(KEYS).map(([name, key]) => [name, t(key)])) as MetadataLabels;
}
