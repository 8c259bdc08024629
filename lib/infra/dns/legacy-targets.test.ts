import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, it } from "vitest";
import { dnsRecords } from "@/db/schema";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { createZone } from "./manage-dns";

// A SQLite migration (PostgreSQL databases start from their own schema, already absolute).
it.skipIf(process.env.TEST_POSTGRES_URL !== undefined)(
  "migration 0010 makes host names stored before it absolute, leaving other data and new rows alone",
  async () => {
    const { db, file } = await useTestDb();
    const zone = await createZone(db, (await seedWorkspace(db)).workspace.id, { domain: "legacy.test" });
    const row = (id: string, type: "CNAME" | "NS" | "MX" | "SRV" | "TXT" | "A", data: string) => ({
      id,
      zoneId: zone.id,
      type,
      name: id,
      fqdn: `${id}.legacy.test`,
      data,
      ttl: 300,
      createdAt: new Date(),
    });
    // What the API stored before: host names without the trailing dot, served as absolute names.
    await db
      .insert(dnsRecords)
      .values([
        row("c", "CNAME", "www.example.net"),
        row("n", "NS", "ns1.example.net"),
        row("m", "MX", "mail.legacy.test"),
        row("s", "SRV", "sip.legacy.test"),
        row("root", "SRV", "."),
        row("already", "CNAME", "new.example.net."),
        row("t", "TXT", "no dot here"),
        row("a", "A", "192.0.2.1"),
      ]);
    const sql = fs.readFileSync(path.join(process.cwd(), "db/migrations/0010_dns_absolute_targets.sql"), "utf8");
    const raw = new Database(file);
    raw.exec(sql);
    const data = Object.fromEntries(
      (raw.prepare("select id, data from dns_records").all() as { id: string; data: string }[]).map((r) => [
        r.id,
        r.data,
      ]),
    );
    raw.close();
    expect(data).toEqual({
      c: "www.example.net.",
      n: "ns1.example.net.",
      m: "mail.legacy.test.",
      s: "sip.legacy.test.",
      root: ".",
      already: "new.example.net.",
      t: "no dot here",
      a: "192.0.2.1",
    });
  },
);
