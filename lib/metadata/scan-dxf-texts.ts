import type { SourceText } from "./types";

/** MTEXT inline formatting: \P paragraph, \fArial|b0; font, {\H2x; …} groups, \~ space, %%c Ø etc. */
function plainText(raw: string): string {
  return raw
    .replace(/\\[Pp]/g, " ")
    .replace(/\\[ACcFfHhQqTtWw][^;]*;/g, "")
    .replace(/\\[LlOoKk~]/g, " ")
    .replace(/%%[cC]/g, "Ø")
    .replace(/%%[dD]/g, "°")
    .replace(/%%[pP]/g, "±")
    .replace(/[{}]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const TEXT_ENTITIES = new Set(["TEXT", "MTEXT", "ATTRIB", "ATTDEF"]);

/**
 * Texts and names of an ASCII DXF, read straight from its group codes because
 * the laser reader ignores text: TEXT/MTEXT/ATTRIB values (codes 1 and 3),
 * layer names (table entries and entity code 8) and block names. Binary DXF
 * and DWG give nothing here.
 */
export function scanDxfTexts(bytes: Uint8Array, limit = 200): SourceText[] {
  const lines = new TextDecoder("latin1").decode(bytes).split(/\r?\n/);
  const out: SourceText[] = [];
  const seen = new Set<string>();
  const add = (source: string, raw: string) => {
    const text = plainText(raw);
    const key = `${source}\u0000${text}`;
    if (!text || text === "0" || seen.has(key) || out.length >= limit) return;
    seen.add(key);
    out.push({ source, text });
  };
  let entity = "";
  let table = "";
  let mtext = "";
  for (let i = 0; i + 1 < lines.length; i += 2) {
    const code = lines[i].trim();
    const value = lines[i + 1].trim();
    if (code === "0") {
      if (mtext) add("dxf_text", mtext);
      mtext = "";
      entity = value;
      continue;
    }
    if (entity === "TABLE" && code === "2") table = value;
    else if (entity === "LAYER" && table === "LAYER" && code === "2") add("dxf_layer", value);
    else if (entity === "BLOCK" && code === "2" && !value.startsWith("*")) add("dxf_block", value);
    else if (code === "8" && entity !== "LAYER") add("dxf_layer", value);
    else if (TEXT_ENTITIES.has(entity) && (code === "1" || code === "3")) {
      if (entity === "MTEXT") mtext += value;
      else add("dxf_text", value);
    }
  }
  if (mtext) add("dxf_text", mtext);
  return out;
}
