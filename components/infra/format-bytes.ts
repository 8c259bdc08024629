const UNITS = ["B", "KB", "MB", "GB", "TB"];

/** Binary multiples (1 KB = 1024 B), as quotas are given in MB of 1024². */
export function formatBytes(bytes: number, lang: "id" | "en"): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(lang === "id" ? "id-ID" : "en-GB", { maximumFractionDigits: digits })} ${UNITS[unit]}`;
}
