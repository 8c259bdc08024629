import type { Lang } from "@/lib/i18n/messages";

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function formatDate(date: Date | string, lang: Lang): string {
  return new Date(date).toLocaleString(lang === "id" ? "id-ID" : "en-GB", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" }) + " UTC";
}

/** Decimal comma in Indonesian, point in English, fixed digits. */
export function formatFixed(value: number, digits: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}
