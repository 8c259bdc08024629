import type { DrawingModel } from "./types";

/**
 * Layer names (case-insensitive substrings) a shop never cuts, in English and Indonesian: dimensions
 * (UKURAN), text (TEKS), notes (KETERANGAN), title blocks and borders, centre lines (CENTER, SUMBU),
 * hidden lines (TERSEMBUNYI), phantom and hatch (ARSIR) lines, construction lines (BANTU), bend lines (TEKUK).
 */
export const DEFAULT_NON_CUT_LAYER_PATTERNS = [
  "DIM",
  "TEXT",
  "ANNO",
  "BEND",
  "TITLE",
  "BORDER",
  "DEFPOINTS",
  "CENTER",
  "CENTRE",
  "HIDDEN",
  "PHANTOM",
  "HATCH",
  "UKURAN",
  "TEKS",
  "KETERANGAN",
  "SUMBU",
  "TERSEMBUNYI",
  "ARSIR",
  "BANTU",
  "TEKUK",
];

/** Of the non-cut layers, these hold bend lines: counted apart, as press-brake work. */
const BEND_PATTERNS = ["BEND", "TEKUK"];

export type LayerRole = "cut" | "bend" | "non_cut";

/** Layer name → role, each name matched once. */
export function layerRoles(nonCutPatterns: string[]): (layer: string) => LayerRole {
  const patterns = nonCutPatterns.map((p) => p.toUpperCase());
  const roles = new Map<string, LayerRole>();
  return (layer) => {
    let role = roles.get(layer);
    if (!role) {
      const name = layer.toUpperCase();
      if (!patterns.some((p) => name.includes(p))) role = "cut";
      else role = BEND_PATTERNS.some((p) => name.includes(p)) ? "bend" : "non_cut";
      roles.set(layer, role);
    }
    return role;
  };
}

const CONTINUOUS = "CONTINUOUS";

/**
 * An entity's effective linetype, as AutoCAD draws it: its own name; BYLAYER (or none) takes its layer's;
 * BYBLOCK takes the INSERT's that places it (continuous in model space). Upper case.
 */
export function effectiveLinetype(
  model: DrawingModel,
  own: string | undefined,
  layer: string,
  blockLinetype: string,
): string {
  const name = own ? own.toUpperCase() : "BYLAYER";
  if (name === "BYLAYER") return (model.layerLinetypes.get(layer.toUpperCase()) ?? CONTINUOUS).toUpperCase();
  if (name === "BYBLOCK") return blockLinetype;
  return name;
}

/**
 * Whether a linetype is drawn in dashes (CENTER, HIDDEN, PHANTOM, DASHED …): centre, hidden and section
 * lines a laser never follows. The LTYPE table decides (a pattern with dash elements); a name it does
 * not define is taken as dashed unless it is CONTINUOUS.
 */
export function isDashedLinetype(model: DrawingModel, linetype: string): boolean {
  if (linetype === CONTINUOUS || linetype === "BYLAYER" || linetype === "BYBLOCK" || linetype === "") return false;
  return model.dashedLinetypes.get(linetype) ?? true;
}

export const MODEL_SPACE_LINETYPE = CONTINUOUS;
