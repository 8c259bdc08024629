/**
 * The dashboard's one number formatter per UI language. Indonesian writes "." for thousands and ","
 * for decimals ("1.198,2 g", "Rp 2.240.500"); English writes "," for thousands and "." for decimals
 * everywhere, rupiah included ("1,198.2 g", "Rp 2,240,500"). Separators are applied here by hand rather
 * than by Intl, so a server render and a browser re-render produce the same text whatever locale data
 * either carries.
 */
export type FormatLang = "id" | "en";

const SEPARATORS: Record<FormatLang, { group: string; decimal: string }> = {
  id: { group: ".", decimal: "," },
  en: { group: ",", decimal: "." },
};

/** Non-breaking, as Intl writes "Rp 149.000", so a price never wraps after its symbol. */
const NBSP = "\u00a0";

export interface NumberOptions {
  /** Digits always shown after the decimal separator (default 0). */
  minimumFractionDigits?: number;
  /** Digits at most after the decimal separator, trailing zeros dropped down to the minimum (default 3). */
  maximumFractionDigits?: number;
}

/** 1234.5 → "1.234,5" (id) or "1,234.5" (en). Rounds half away from zero; never prints "-0". */
export function formatNumber(value: number, lang: FormatLang, options: NumberOptions = {}): string {
  if (!Number.isFinite(value)) return String(value);
  const max = options.maximumFractionDigits ?? Math.max(3, options.minimumFractionDigits ?? 0);
  const min = Math.min(options.minimumFractionDigits ?? 0, max);
  const fixed = Math.abs(value).toFixed(max);
  const [whole, fraction = ""] = fixed.split(".");
  let digits = fraction;
  while (digits.length > min && digits.endsWith("0")) digits = digits.slice(0, -1);
  const { group, decimal } = SEPARATORS[lang];
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  const negative = value < 0 && /[1-9]/.test(whole + digits);
  return `${negative ? "-" : ""}${grouped}${digits ? decimal + digits : ""}`;
}

/** Exactly `digits` decimals: formatFixed(24, 2, "id") = "24,00". */
export function formatFixed(value: number, digits: number, lang: FormatLang): string {
  return formatNumber(value, lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Small values by significant digits (0.001 stays 0.001, not 0); others by at most `digits` decimals. */
export function formatMeasure(value: number, lang: FormatLang, digits = 2, significant = 3): string {
  if (value === 0 || Math.abs(value) >= 1) return formatNumber(value, lang, { maximumFractionDigits: digits });
  const decimals = Math.min(20, Math.max(0, significant - 1 - Math.floor(Math.log10(Math.abs(value)))));
  return formatNumber(value, lang, { maximumFractionDigits: decimals });
}

/**
 * Rupiah, whole: "Rp 2.240.500" (id) or "Rp 2,240,500" (en); the symbol is "Rp" in both languages.
 * `lang` defaults to Indonesian for the CLI, which prints Indonesian rupiah.
 */
export function formatIdr(amount: number, lang: FormatLang = "id"): string {
  const text = formatNumber(Math.abs(amount), lang, { maximumFractionDigits: 0 });
  return `${amount < 0 && text !== "0" ? "-" : ""}Rp${NBSP}${text}`;
}

/** A rupiah rate with exactly `digits` decimals, e.g. formatIdrRate(0.8, "/mm", "id") = "Rp 0,80/mm"; `per` comes from the dictionary ("/jam", "/h"). */
export function formatIdrRate(amount: number, per: string, lang: FormatLang, digits = 2): string {
  const text = formatFixed(Math.abs(amount), digits, lang);
  return `${amount < 0 && text !== "0" ? "-" : ""}Rp${NBSP}${text}${per}`;
}

/** Grams with one decimal: "1.198,2 g" (id), "1,198.2 g" (en). */
export function formatGrams(grams: number, lang: FormatLang): string {
  return `${formatFixed(grams, 1, lang)} g`;
}

/** A print time: "20 jam 5 mnt" (id), "20 h 5 min" (en); hours grouped like any number. */
export function formatMinutes(minutes: number, lang: FormatLang): string {
  const total = Math.round(minutes);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return lang === "id" ? `${formatNumber(h, lang)} jam ${m} mnt` : `${formatNumber(h, lang)} h ${m} min`;
}

/** A percentage with at most `digits` decimals: "12,5 %" (id), "12.5 %" (en). */
export function formatPercent(percent: number, lang: FormatLang, digits = 0): string {
  return `${formatNumber(percent, lang, { maximumFractionDigits: digits })} %`;
}

const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB"];

/** Binary multiples (1 KB = 1024 B), as quotas are given in MB of 1024²; decimal comma in Indonesian. */
export function formatBytes(bytes: number, lang: FormatLang): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${formatNumber(value, lang, { maximumFractionDigits: digits })} ${BYTE_UNITS[unit]}`;
}
