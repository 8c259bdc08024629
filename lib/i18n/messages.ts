import * as core from "./messages/core";
import * as files from "./messages/files";
import * as prices from "./messages/prices";
import * as keys from "./messages/keys";
import * as webhooks from "./messages/webhooks";
import * as infra from "./messages/infra";
import * as search from "./messages/search";
import { formatNumber } from "./format";

export type Lang = "id" | "en";

/** One dictionary per section (lib/i18n/messages/*), merged; Indonesian must cover every English key. */
const en = { ...core.en, ...files.en, ...prices.en, ...keys.en, ...webhooks.en, ...infra.en, ...search.en };

export type MessageKey = keyof typeof en;

const id: Record<MessageKey, string> = {
  ...core.id,
  ...files.id,
  ...prices.id,
  ...keys.id,
  ...webhooks.id,
  ...infra.id,
  ...search.id,
};

const MESSAGES: Record<Lang, Record<MessageKey, string>> = { en, id };

export function translator(lang: Lang) {
  return (key: MessageKey): string => MESSAGES[lang][key];
}

/** Message keys that come in a `<base>.one` / `<base>.other` pair, named by their base. */
export type CountKey = {
  [K in MessageKey]: K extends `${infer B}.one` ? (`${B}.other` extends MessageKey ? B : never) : never;
}[MessageKey];

/**
 * A count with its noun: "1 object", "2 objects" (en); "1 objek", "2 objek" (id, where a noun has no
 * plural form, so both entries of the pair say the same). The number goes through the UI formatter.
 */
export function countText(lang: Lang, n: number, key: CountKey): string {
  return `${formatNumber(n, lang)} ${MESSAGES[lang][`${key}.${n === 1 ? "one" : "other"}` as MessageKey]}`;
}

/** Indonesian first when the browser prefers it, else English. */
export function pickLang(cookie: string | undefined, acceptLanguage: string | null): Lang {
  if (cookie === "id" || cookie === "en") return cookie;
  return /^\s*id\b|,\s*id\b/i.test(acceptLanguage ?? "") ? "id" : "en";
}
