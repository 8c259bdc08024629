import { readZipEntries } from "@/lib/geometry/unzip";
import { scanDxfTexts } from "./scan-dxf-texts";
import type { SourceText } from "./types";

const MAX_TEXT_BYTES = 4 * 1024 * 1024;
/** All model parts of one archive together: the names and materials of a build fit in a few parts. */
const MAX_UNZIPPED_TEXT_BYTES = 8 * MAX_TEXT_BYTES;
const MAX_TEXTS = 200;

function collect(source: string, text: string, re: RegExp, out: SourceText[]): void {
  for (const m of text.matchAll(re)) {
    const value = m[1]
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .trim();
    if (value && out.length < MAX_TEXTS && !out.some((t) => t.source === source && t.text === value))
      out.push({ source, text: value });
  }
}

/** Names and metadata inside 3MF/AMF XML: materials, titles and descriptions, object names. */
function readModelXml(xml: string, out: SourceText[]): void {
  collect("model_material", xml, /<(?:\w+:)?base\b[^>]*\bname="([^"]+)"/g, out);
  collect("model_material", xml, /<material\b[^>]*>\s*<metadata\s+type="name">([^<]+)</g, out);
  collect(
    "model_metadata",
    xml,
    /<metadata\s+(?:name|type)="(?:Title|Description|Designer|name|material|Material)"[^>]*>([^<]+)</g,
    out,
  );
  collect("object_name", xml, /<object\b[^>]*\bname="([^"]+)"/g, out);
}

/**
 * Words a file carries besides its geometry, for material and thickness
 * evidence: DXF texts and layers, 3MF/AMF materials and metadata, OBJ object
 * and material names, the STL solid name, STEP product names. Never throws:
 * a file we cannot read texts from just gives none.
 */
export function readSourceTexts(bytes: Uint8Array, format: string): SourceText[] {
  try {
    if (format === "dxf") return scanDxfTexts(bytes, MAX_TEXTS);
    const out: SourceText[] = [];
    if (format === "3mf" || (format === "amf" && bytes[0] === 0x50 && bytes[1] === 0x4b)) {
      // Sized from the central directory and inflated under the zip-bomb limits: entries can share one compressed body.
      const files = readZipEntries(
        bytes,
        "Archive",
        (name, size) => /\.(model|amf)$/i.test(name) && size <= MAX_TEXT_BYTES,
        MAX_UNZIPPED_TEXT_BYTES,
      );
      for (const data of files.values()) readModelXml(new TextDecoder().decode(data), out);
      return out;
    }
    const text = new TextDecoder("latin1").decode(bytes.subarray(0, MAX_TEXT_BYTES));
    if (format === "amf") readModelXml(text, out);
    else if (format === "obj") collect("object_name", text, /^(?:o|g|usemtl)\s+(.+)$/gm, out);
    else if (format === "stl" && text.startsWith("solid")) collect("object_name", text, /^solid[ \t]+(\S.*)$/gm, out);
    else if (format === "step") collect("object_name", text, /PRODUCT\s*\(\s*'([^']*)'/g, out);
    else if (format === "ply") collect("model_metadata", text.split("end_header")[0], /^comment\s+(.+)$/gm, out);
    return out;
  } catch {
    return [];
  }
}
