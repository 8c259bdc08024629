import { describe, expect, it } from "vitest";
import { VPS_STATUSES } from "@/db/schema/infra-vps";
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENT_CATALOG } from "@/lib/webhooks/event-catalog";
import { getActiveCatalog } from "@/lib/quotes/catalog-store";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { catalogNoteText } from "./catalog-notes";
import { translator, type MessageKey } from "./messages";

const en = translator("en");
const id = translator("id");

describe("dashboard words for values the API spells in English", () => {
  it("every VPS status has a label in both languages; English keeps the API's word", () => {
    for (const status of VPS_STATUSES) {
      const key = `infra.vps.status.${status}` as MessageKey;
      expect(en(key), status).toBe(status);
      expect(id(key), status).toMatch(/\S/);
      expect(id(key), status).not.toBe(status);
    }
    expect(id("infra.vps.status.running")).toBe("berjalan");
  });

  it("every webhook event type has a description in both languages; code is marked, never left as stray backticks", () => {
    for (const type of WEBHOOK_EVENT_TYPES) {
      const key = `webhooks.event.${type}` as MessageKey;
      for (const text of [en(key), id(key)]) {
        expect(text, type).toMatch(/\S/);
        expect(text.split("`").length % 2, `${type}: paired backticks`).toBe(1);
      }
      expect(id(key), type).not.toBe(en(key));
      // The English dictionary says what the API's catalogue says.
      expect(en(key)).toBe(WEBHOOK_EVENT_CATALOG.find((e) => e.type === type)!.description);
    }
  });

  it("'/h' and the seeded catalogue's note read in Indonesian", async () => {
    expect(id("prices.perHour")).toBe("/jam");
    expect(en("prices.perHour")).toBe("/h");
    const { db } = await useTestDb();
    const { workspace } = await seedWorkspace(db);
    const note = (await getActiveCatalog(db, workspace.id)).note!;
    expect(catalogNoteText(note, id)).toBe("Diisi dari katalog bawaan");
    expect(catalogNoteText(note, en)).toBe(note);
    expect(catalogNoteText("PLA supplier price rise", id)).toBe("PLA supplier price rise");
  });
});
