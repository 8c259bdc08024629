import type { Lang } from "@/lib/i18n/messages";

export function formatDate(date: Date | string, lang: Lang): string {
  return new Date(date).toLocaleString(lang === "id" ? "id-ID" : "en-GB", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" }) + " UTC";
}

/** Decimal comma in Indonesian, point in English, fixed digits. */
export function formatFixed(value: number, digits: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}
