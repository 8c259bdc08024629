import * as core from "./messages/core";
import * as files from "./messages/files";
import * as prices from "./messages/prices";
import * as keys from "./messages/keys";
import * as webhooks from "./messages/webhooks";
import * as infra from "./messages/infra";
import * as search from "./messages/search";

export type Lang = "id" | "en";
export const LANGS: Lang[] = ["id", "en"];

/** One dictionary per section (lib/i18n/messages/*), merged; Indonesian must cover every English key. */
const en = { ...core.en, ...files.en, ...prices.en, ...keys.en, ...webhooks.en, ...infra.en, ...search.en };

export type MessageKey = keyof typeof en;

const id: Record<MessageKey, string> = { ...core.id, ...files.id, ...prices.id, ...keys.id, ...webhooks.id, ...infra.id, ...search.id };

const MESSAGES: Record<Lang, Record<MessageKey, string>> = { en, id };

export function translator(lang: Lang) {
  return (key: MessageKey): string => MESSAGES[lang][key];
}

/** Indonesian first when the browser prefers it, else English. */
export function pickLang(cookie: string | undefined, acceptLanguage: string | null): Lang {
  if (cookie === "id" || cookie === "en") return cookie;
  return /^\s*id\b|,\s*id\b/i.test(acceptLanguage ?? "") ? "id" : "en";
}
