import type { Lang } from "@/lib/i18n/messages";

export { formatFixed } from "@/lib/i18n/format";

export function formatDate(date: Date | string, lang: Lang): string {
  return (
    new Date(date).toLocaleString(lang === "id" ? "id-ID" : "en-GB", {
      timeZone: "UTC",
      dateStyle: "medium",
      timeStyle: "short",
    }) + " UTC"
  );
}
