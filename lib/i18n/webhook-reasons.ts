import type { FormatLang } from "./format";

/**
 * Why a webhook endpoint is disabled, in the dashboard's language. The stored `disabled_reason` is the
 * API's English sentence (lib/webhooks): it is read back into a code by its wording, as
 * lib/i18n/warnings.ts does for warnings, and written from this dictionary. A sentence this file does not
 * know yet is left out in Indonesian (its English text stays in a tooltip) and unchanged in English.
 */
export type DisabledReasonCode = "manual" | "gone" | "failing";

const REASONS: {
  code: DisabledReasonCode;
  match: RegExp;
  en: (m: RegExpMatchArray, lang: FormatLang) => string;
  id: (m: RegExpMatchArray, lang: FormatLang) => string;
}[] = [
  {
    code: "manual",
    match: /^Disabled through the API\.?$/,
    en: () => "turned off in the dashboard or through the API.",
    id: () => "dimatikan di dasbor atau melalui API.",
  },
  {
    code: "gone",
    match: /^The endpoint answered 410 Gone/,
    en: () => "The endpoint answered 410 Gone; disabled automatically.",
    id: () => "Endpoint menjawab 410 Gone; dinonaktifkan otomatis.",
  },
  {
    code: "failing",
    match: /^Every delivery attempt has failed since (\S+) \((\d+) days\)/,
    en: (m, lang) =>
      `Every delivery attempt has failed since ${day(m[1], lang)} (${m[2]} days); disabled automatically.`,
    id: (m, lang) =>
      `Semua percobaan pengiriman gagal sejak ${day(m[1], lang)} (${m[2]} hari); dinonaktifkan otomatis.`,
  },
];

/** "3 Mar 2025" (en) / "3 Mar 2025" (id) from an ISO time, in UTC like the rest of the dashboard; an unparsable one unchanged. */
function day(iso: string, lang: FormatLang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString(lang === "id" ? "id-ID" : "en-GB", { timeZone: "UTC", dateStyle: "medium" });
}

export function disabledReasonCode(reason: string): DisabledReasonCode | null {
  return REASONS.find((r) => r.match.test(reason.trim()))?.code ?? null;
}

/** The reason in `lang`, to follow "Disabled — "; null when there is none (or, in Indonesian, when its wording is unknown). */
export function disabledReasonText(reason: string | null | undefined, lang: FormatLang): string | null {
  if (!reason) return null;
  for (const r of REASONS) {
    const m = reason.trim().match(r.match);
    if (m) return r[lang](m, lang);
  }
  return lang === "id" ? null : reason;
}
