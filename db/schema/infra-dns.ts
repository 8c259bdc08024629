import { sqliteTable, text, integer, index } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA"] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/** A zone is hosted once on this server, so `domain` is unique across workspaces. */
export const dnsZones = sqliteTable(
  "dns_zones",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    domain: text("domain").notNull().unique(),
    /** SOA serial, bumped on every record change so secondaries would notice. */
    serial: integer("serial").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("dns_zones_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id)],
);

export const dnsRecords = sqliteTable(
  "dns_records",
  {
    id: text("id").primaryKey(),
    zoneId: text("zone_id")
      .notNull()
      .references(() => dnsZones.id, { onDelete: "cascade" }),
    type: text("type", { enum: DNS_RECORD_TYPES }).notNull(),
    /** Relative to the zone, lower case; "@" is the apex. */
    name: text("name").notNull(),
    /** Fully qualified, lower case, no trailing dot: what the DNS server looks up. */
    fqdn: text("fqdn").notNull(),
    data: text("data").notNull(),
    ttl: integer("ttl").notNull(),
    priority: integer("priority"),
    port: integer("port"),
    weight: integer("weight"),
    flags: integer("flags"),
    tag: text("tag"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("dns_records_fqdn_idx").on(t.fqdn),
    index("dns_records_zone_created_idx").on(t.zoneId, t.createdAt, t.id),
  ],
);
