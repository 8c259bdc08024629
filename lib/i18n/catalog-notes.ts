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

/** The note importPrintProfile (lib/quotes/catalog-store.ts) writes, with its numbers. */
const IMPORT_NOTE = /^Imported PrusaSlicer profile for ([a-z0-9_]+): (\d+) settings read, (\d+) ignored$/;

export function catalogNoteText(note: string, t: (key: MessageKey) => string): string {
  const imported = IMPORT_NOTE.exec(note.trim());
  if (imported) {
    const [, family, read, ignored] = imported;
    return t("prices.importNote").replace("{family}", family).replace("{read}", read).replace("{ignored}", ignored);
  }
  const key = SYSTEM_NOTES[note.trim()];
  return key ? t(key) : note;
}
