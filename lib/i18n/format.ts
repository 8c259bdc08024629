const idr = new Intl.NumberFormat("id-ID", { style: "currency", currency: "IDR" });

/** Rupiah as Indonesians write it, e.g. "Rp 149.000" (CLDR: no minor unit shown for IDR). */
export function formatIdr(amount: number): string {
  return idr.format(amount);
}

export function formatNumber(value: number, lang: "id" | "en"): string {
  return new Intl.NumberFormat(lang === "id" ? "id-ID" : "en-US").format(value);
}

const BYTE_UNITS = ["B", "KB", "MB", "GB", "TB"];

/** Binary multiples (1 KB = 1024 B), as quotas are given in MB of 1024²; decimal comma in Indonesian. */
export function formatBytes(bytes: number, lang: "id" | "en"): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(lang === "id" ? "id-ID" : "en-GB", { maximumFractionDigits: digits })} ${BYTE_UNITS[unit]}`;
}
