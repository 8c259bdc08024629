/**
 * Numbers and units in a query, in both languages: "bracket under 50 mm",
 * "pelat tebal 3mm", "lebih kecil dari 10 cm", "heavier than 100 g",
 * "6 lubang Ø10", "200 x 100". Each becomes a constraint on stored geometry;
 * the words it used are removed from the text that goes to full-text search.
 */
export type Attribute = "size" | "length" | "width" | "thickness" | "diameter" | "hole_count" | "weight" | "volume";
export type Op = "lt" | "gt" | "eq" | "between";

export interface Constraint {
  attribute: Attribute;
  op: Op;
  /** In mm, g or cm³ (or a count). */
  value: number;
  max?: number;
  text: string;
}

export interface ParsedQuery {
  constraints: Constraint[];
  /** Sorted extents (mm) from "200 x 100 (x 5)", matched approximately. */
  dims: number[] | null;
  text: string;
}

const NUM = String.raw`(\d+(?:[.,]\d+)?)`;
const UNIT = String.raw`(mm|cm|m|in|inch|inches|kg|g|gr|gram|grams|cm3|cm³|ml)\b`;
const SCALE: Record<string, [number, "length" | "mass" | "volume"]> = {
  mm: [1, "length"],
  cm: [10, "length"],
  m: [1000, "length"],
  in: [25.4, "length"],
  inch: [25.4, "length"],
  inches: [25.4, "length"],
  g: [1, "mass"],
  gr: [1, "mass"],
  gram: [1, "mass"],
  grams: [1, "mass"],
  kg: [1000, "mass"],
  cm3: [1, "volume"],
  "cm³": [1, "volume"],
  ml: [1, "volume"],
};

const LT =
  "under|below|less than|smaller than|shorter than|lighter than|thinner than|narrower than|at most|up to|max|maximum|kurang dari|di bawah|dibawah|lebih kecil dari|lebih pendek dari|lebih ringan dari|lebih tipis dari|lebih sempit dari|tidak lebih dari|maksimal|maksimum|maks|<=|<";
const GT =
  "over|above|more than|greater than|larger than|bigger than|longer than|heavier than|thicker than|wider than|at least|min|minimum|lebih dari|di atas|diatas|lebih besar dari|lebih panjang dari|lebih berat dari|lebih tebal dari|lebih lebar dari|minimal|sedikitnya|>=|>";
const ATTR_WORDS =
  "tebal|ketebalan|thickness|thick|panjang|length|long|lebar|width|wide|berat|weight|heavy|volume|diameter|ukuran|size|tinggi|height|tall";
const HOLE = "lubang|holes?";

/** Attribute named by a word in the comparator or next to it. */
function attributeOf(words: string): Attribute | null {
  if (/(tebal|thick|tipis|thin)/.test(words)) return "thickness";
  if (/(berat|heav|ringan|light|weight)/.test(words)) return "weight";
  if (/(panjang|long|pendek|short)/.test(words)) return "length";
  if (/(lebar|wid|sempit|narrow)/.test(words)) return "width";
  if (/diameter/.test(words)) return "diameter";
  if (/volume/.test(words)) return "volume";
  return null;
}

const toNumber = (s: string) => Number(s.replace(",", "."));

function measure(
  num: string,
  unit: string | undefined,
  fallback: Attribute | null,
): { value: number; attribute: Attribute } | null {
  const [scale, kind] = unit ? SCALE[unit] : [1, "length"];
  const attribute = kind === "mass" ? "weight" : kind === "volume" ? "volume" : (fallback ?? "size");
  if (!unit && attribute !== "hole_count" && fallback === null) return null;
  if (
    (attribute === "weight" && kind !== "mass" && unit) ||
    (kind === "length" && (attribute === "weight" || attribute === "volume"))
  )
    return null;
  return { value: toNumber(num) * scale, attribute };
}

export function parseConstraints(query: string): ParsedQuery {
  let text = ` ${query.toLowerCase().replace(/\s+/g, " ")} `;
  const constraints: Constraint[] = [];
  let dims: number[] | null = null;
  const take = (re: RegExp, fn: (m: RegExpExecArray) => boolean) => {
    text = text.replace(re, (...args) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      return fn(m) ? " " : m[0];
    });
  };

  take(
    new RegExp(
      String.raw`(?:(${ATTR_WORDS})\s+)?(?:between|antara)\s+${NUM}\s*(?:${UNIT})?\s*(?:and|dan|-|sampai|hingga)\s*${NUM}\s*${UNIT}(?:\s+(${ATTR_WORDS})\b)?`,
      "g",
    ),
    (m) => {
      const hi = measure(m[4], m[5], attributeOf(`${m[1] ?? ""} ${m[6] ?? ""}`));
      if (!hi) return false;
      const lo = toNumber(m[2]) * SCALE[m[3] ?? m[5]][0];
      constraints.push({
        attribute: hi.attribute,
        op: "between",
        value: Math.min(lo, hi.value),
        max: Math.max(lo, hi.value),
        text: m[0].trim(),
      });
      return true;
    },
  );
  take(new RegExp(String.raw`(?:(${ATTR_WORDS})\s+)?(${LT}|${GT})\s*${NUM}\s*(?:(${HOLE})\b|${UNIT})?`, "g"), (m) => {
    const op: Op = new RegExp(`^(${LT})$`).test(m[2]) ? "lt" : "gt";
    const found = m[4]
      ? { value: toNumber(m[3]), attribute: "hole_count" as const }
      : measure(m[3], m[5], attributeOf(`${m[1] ?? ""} ${m[2]}`));
    if (!found) return false;
    constraints.push({ ...found, op, text: m[0].trim() });
    return true;
  });
  take(new RegExp(String.raw`${NUM}\s*(?:mm|cm)?\s*[x×*]\s*${NUM}(?:\s*[x×*]\s*${NUM})?\s*(mm|cm)?`, "g"), (m) => {
    const scale = m[4] === "cm" ? 10 : 1;
    dims = [m[1], m[2], m[3]]
      .filter(Boolean)
      .map((n) => toNumber(n) * scale)
      .sort((a, b) => b - a);
    return true;
  });
  take(
    new RegExp(String.raw`\b${NUM}\s*(?:${HOLE})\b(?:\s*(?:ø|⌀|diameter|dia\.?)\s*${NUM}\s*(mm|cm)?)?`, "g"),
    (m) => {
      constraints.push({ attribute: "hole_count", op: "eq", value: toNumber(m[1]), text: m[0].trim() });
      if (m[2])
        constraints.push({
          attribute: "diameter",
          op: "eq",
          value: toNumber(m[2]) * (m[3] === "cm" ? 10 : 1),
          text: m[0].trim(),
        });
      return true;
    },
  );
  take(
    new RegExp(
      String.raw`(?:(?:${HOLE})\s*)?(?:ø|⌀|diameter|dia\.?|d=)\s*${NUM}\s*(mm|cm)?|(?:${HOLE})\s+${NUM}\s*(mm|cm)`,
      "g",
    ),
    (m) => {
      const value = toNumber(m[1] ?? m[3]) * ((m[2] ?? m[4]) === "cm" ? 10 : 1);
      constraints.push({ attribute: "diameter", op: "eq", value, text: m[0].trim() });
      return true;
    },
  );
  take(new RegExp(String.raw`\b${NUM}\s*(mm|cm)\s+(?:${HOLE})\b`, "g"), (m) => {
    constraints.push({
      attribute: "diameter",
      op: "eq",
      value: toNumber(m[1]) * (m[2] === "cm" ? 10 : 1),
      text: m[0].trim(),
    });
    return true;
  });
  take(
    new RegExp(
      String.raw`(?:\b(tebal|ketebalan|thickness|thick|thk|t)\s*=?\s*${NUM}\s*(mm|cm)?|${NUM}\s*(mm|cm)\s*(?:thick|tebal|thk)\b)`,
      "g",
    ),
    (m) => {
      if (m[1] === "t" && !/t\s*=|t\d/.test(m[0]) && !m[3]) return false;
      const value = toNumber(m[2] ?? m[4]) * ((m[3] ?? m[5]) === "cm" ? 10 : 1);
      constraints.push({ attribute: "thickness", op: "eq", value, text: m[0].trim() });
      return true;
    },
  );
  take(new RegExp(String.raw`(?:(${ATTR_WORDS})\s+)?${NUM}\s*${UNIT}`, "g"), (m) => {
    const found = measure(m[2], m[3], attributeOf(m[1] ?? ""));
    if (!found) return false;
    constraints.push({ ...found, op: "eq", text: m[0].trim() });
    return true;
  });
  return { constraints, dims, text: text.replace(/\s+/g, " ").trim() };
}
