import type { MessageKey } from "./messages";

/**
 * Notes the system writes on a price catalogue version, by their exact English text, so the prices
 * page can show them in the reader's language. The seed note is written by getActiveCatalog
 * (lib/pricing/catalog-store.ts) when a workspace first needs a catalogue; notes that people type
 * when publishing are shown as typed.
 */
const SYSTEM_NOTES: Record<string, MessageKey> = {
  "Seeded from the built-in default catalogue": "prices.seedNote",
};

export function catalogNoteText(note: string, t: (key: MessageKey) => string): string {
  const key = SYSTEM_NOTES[note.trim()];
  return key ? t(key) : note;
}
