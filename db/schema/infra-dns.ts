import { sql } from "drizzle-orm";
import { sqliteTable, text, integer, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspaces";

export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA"] as const;
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

export const DNS_ZONE_STATUSES = ["pending", "active"] as const;
export type DnsZoneStatus = (typeof DNS_ZONE_STATUSES)[number];

/**
 * A zone name is unique per workspace; several workspaces may claim it while
 * pending, but only one can hold it active (proved control, served).
 */
export const dnsZones = sqliteTable(
  "dns_zones",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    domain: text("domain").notNull(),
    /** `pending` until verified (delegation or TXT challenge); only `active` zones are served. */
    status: text("status", { enum: DNS_ZONE_STATUSES }).notNull().default("active"),
    /** The value expected in the `_bengkel-challenge.<domain>` TXT record; public by design. */
    verificationToken: text("verification_token"),
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }),
    /** SOA serial, bumped on every record change so secondaries would notice. */
    serial: integer("serial").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("dns_zones_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id),
    uniqueIndex("dns_zones_workspace_domain_idx").on(t.workspaceId, t.domain),
    uniqueIndex("dns_zones_active_domain_idx")
      .on(t.domain)
      .where(sql`status = 'active'`),
  ],
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
