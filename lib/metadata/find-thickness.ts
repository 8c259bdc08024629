import type { Evidence, SourceText } from "./types";

const N = String.raw`(\d+(?:[.,]\d+)?)`;
/** Explicit thickness markers only: t=3, t3, thk 3, tebal 3, 3 mm thick, or a material followed by "3mm". */
const PATTERNS = [
  new RegExp(String.raw`(?:^|[^a-z0-9])t\s*=?\s*${N}(?:\s*mm)?(?![a-z0-9])`),
  new RegExp(String.raw`(?:thk|thick(?:ness)?|tebal|ketebalan)\s*[:=]?\s*${N}`),
  new RegExp(String.raw`${N}\s*mm\s*(?:thk|thick|tebal)`),
  new RegExp(
    String.raw`(?:ss\s?304|ss\s?316|sus\s?304|mild steel|ms|al\s?5052|alu\w*|acrylic|akrilik|galv\w*|plat|pelat|plate|sheet)\s*${N}\s*mm`,
  ),
];

/** A sheet's thickness as stated in its name, tags or texts; null when nothing says so (never guessed). */
export function findThickness(texts: SourceText[]): { value: number; evidence: Evidence } | null {
  for (const t of texts) {
    const s = t.text.toLowerCase().replace(/[_]/g, " ");
    for (const re of PATTERNS) {
      const m = re.exec(s);
      const value = m ? Number(m[1].replace(",", ".")) : NaN;
      if (value >= 0.3 && value <= 50) return { value, evidence: { source: t.source, text: t.text } };
    }
  }
  return null;
}
