import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { resolveFromRoot } from "@/lib/paths";
import { emailActivity } from "./email-activity";
import { openDb } from "@/lib/db/client";
import * as schema from "@/db/schema";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bengkel-backfill-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The migrations folder as it was before the migration named `name`, for a database of that time. */
function migrationsBefore(name: string): string {
  const from = resolveFromRoot("db/migrations");
  const to = path.join(tmp, "migrations");
  fs.cpSync(from, to, { recursive: true });
  const journalFile = path.join(to, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag.endsWith(`_${name}`)), // the number may change when branches merge
  );
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return to;
}

describe("the email_activity_history migration", () => {
  it("turns existing mailboxes and deliveries into the log and the day counters, then drops the delivery rows", async () => {
    const sqlite = new Database(path.join(tmp, "old.db"));
    sqlite.pragma("foreign_keys = ON");
    const legacy = drizzle(sqlite, { schema });
    migrate(legacy, { migrationsFolder: migrationsBefore("email_activity_history") });

    const created = Date.parse("2026-02-01T00:00:00Z");
    sqlite.prepare("insert into workspaces (id, name, created_at) values ('ws_old', 'Old', ?)").run(created);
    const mailbox = sqlite.prepare(
      "insert into email_accounts (id, workspace_id, address, password_hash, quota_mb, created_at) values (?, 'ws_old', ?, 'x', 10, ?)",
    );
    mailbox.run("mbx_a", "a@old.test", created);
    mailbox.run("mbx_b", "b@old.test", created);
    const delivery = sqlite.prepare(
      "insert into email_deliveries (account_id, workspace_id, size_bytes, received_at) values (?, 'ws_old', ?, ?)",
    );
    delivery.run("mbx_a", 100, Date.parse("2026-02-10T23:00:00Z"));
    delivery.run("mbx_a", 250, Date.parse("2026-02-10T23:59:59Z"));
    delivery.run("mbx_a", 40, Date.parse("2026-02-11T00:00:00Z"));
    delivery.run("mbx_b", 7, Date.parse("2026-02-11T12:00:00Z"));

    migrate(legacy, { migrationsFolder: resolveFromRoot("db/migrations") });
    const db = openDb(`file:${path.join(tmp, "old.db")}`);

    const tables = sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
    expect(tables.map((t) => t.name)).not.toContain("email_deliveries");
    const activity = await emailActivity(db, "ws_old", 2, new Date("2026-02-11T18:00:00Z"));
    expect(activity.daily).toEqual([
      { date: "2026-02-10", received: 2, bytes: 350, rejected: 0, rejected_bytes: 0, mailboxes: 2 },
      { date: "2026-02-11", received: 2, bytes: 47, rejected: 0, rejected_bytes: 0, mailboxes: 2 },
    ]);
    expect(activity.accounts.map((a) => [a.address, a.received, a.bytes, a.last_received_at, a.deleted_at])).toEqual([
      ["a@old.test", 3, 390, "2026-02-11T00:00:00.000Z", null],
      ["b@old.test", 1, 7, "2026-02-11T12:00:00.000Z", null],
    ]);
    sqlite.close();
  });
});
