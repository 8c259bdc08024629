import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { DNS_RECORD_TYPES } from "@/db/schema";
import { CAA_TAGS } from "@/lib/infra/dns/validate-record";
import { isoDate } from "./common";
import { deleted, idempotencyNote, infraOp, pageQuery } from "./infra-common";

const common = infraOp("DNS");
const domainParams = z.object({
  domain: z.string().min(1).max(253).meta({ description: "Zone apex, e.g. example.com" }),
});

export const zoneSchema = z
  .object({
    id: z.string().meta({ example: "zone_3f5h7k9m1p3r5t7v9x1z3b5d" }),
    domain: z.string().meta({ example: "example.com" }),
    serial: z.int().meta({ description: "SOA serial; grows with every record change" }),
    nameservers: z.array(z.string()),
    record_count: z.int(),
    created_at: isoDate,
  })
  .meta({ id: "DnsZone" });

export const recordSchema = z
  .object({
    id: z.string().meta({ example: "rec_6g8j0l2n4q6s8u0w2y4a6c8e" }),
    type: z.enum(DNS_RECORD_TYPES),
    name: z.string().meta({
      description: 'Relative to the zone, lower case; "@" is the apex, "*" or "*.<name>" a wildcard',
      example: "www",
    }),
    fqdn: z.string().meta({ example: "www.example.com" }),
    data: z.string().meta({
      description:
        'Address, text, CAA value, or a host name stored absolute with its trailing dot ("mail.example.com.")',
      example: "192.0.2.10",
    }),
    ttl: z.int(),
    priority: z.int().nullable().meta({ description: "MX, SRV" }),
    port: z.int().nullable().meta({ description: "SRV" }),
    weight: z.int().nullable().meta({ description: "SRV" }),
    flags: z.int().nullable().meta({ description: "CAA (0 or 128 = critical)" }),
    tag: z.enum(CAA_TAGS).nullable().meta({ description: "CAA" }),
    created_at: isoDate,
  })
  .meta({ id: "DnsRecord" });

export const listZones = defineOperation({
  ...common,
  operationId: "listDnsZones",
  method: "get",
  path: "/v1/dns/zones",
  summary: "List DNS zones, newest first",
  scope: "infra:read",
  query: pageQuery,
  response: zoneSchema,
  paginated: true,
  errors: ["invalid_request"],
});

export const createZone = defineOperation({
  ...common,
  operationId: "createDnsZone",
  method: "post",
  path: "/v1/dns/zones",
  summary: "Host a zone; the embedded DNS server answers for it at once (SOA and NS at the apex)",
  description: `A domain hosted by any workspace, or one overlapping it, is 409. ${idempotencyNote}`,
  idempotent: true,
  scope: "infra:write",
  body: z.object({ domain: z.string().min(1).max(253) }),
  response: zoneSchema,
  successStatus: 201,
  errors: ["invalid_request", "conflict"],
});

export const listRecords = defineOperation({
  ...common,
  operationId: "listDnsRecords",
  method: "get",
  path: "/v1/dns/zones/{domain}/records",
  summary: "List the records of a zone, newest first",
  scope: "infra:read",
  params: domainParams,
  query: pageQuery,
  response: recordSchema,
  paginated: true,
  errors: ["not_found", "invalid_request"],
});

const uint16 = z.int().min(0).max(65535);

export const createRecord = defineOperation({
  ...common,
  operationId: "createDnsRecord",
  method: "post",
  path: "/v1/dns/zones/{domain}/records",
  summary: "Add a record (A, AAAA, CNAME, MX, TXT, NS, SRV, CAA); served within a second",
  description: `Per type: A/AAAA an IP address; CNAME, NS, MX a host name (MX needs \`priority\`); SRV needs \`priority\`, \`weight\`, \`port\` and a target; CAA needs \`tag\` (issue, issuewild, iodef) and optional \`flags\`. TTL 60–86400, default 3600. Names are lower-cased; "@" is the apex; a leading "*" label makes a wildcard (RFC 4592; not for NS). Host names in \`data\` are read like a zone file: \`mail\` means mail.<zone>, \`mx.example.net.\` (trailing dot) is absolute, "@" is the apex; they are answered fully qualified. An NS record below the apex delegates that name (answered as a referral, with glue from A/AAAA records under it). A CNAME cannot be at the apex or share its name; an exact duplicate is 409. ${idempotencyNote}`,
  idempotent: true,
  scope: "infra:write",
  params: domainParams,
  body: z
    .object({
      type: z.enum(DNS_RECORD_TYPES),
      name: z.string().max(253).default("@"),
      data: z.string().min(1).max(4000),
      ttl: z.int().optional(),
      priority: uint16.optional(),
      port: uint16.optional(),
      weight: uint16.optional(),
      flags: z.int().min(0).max(255).optional(),
      tag: z.string().optional(),
    })
    .strict(),
  response: recordSchema,
  successStatus: 201,
  errors: ["not_found", "invalid_request", "conflict"],
});

export const deleteRecord = defineOperation({
  ...common,
  operationId: "deleteDnsRecord",
  method: "delete",
  path: "/v1/dns/zones/{domain}/records/{id}",
  summary: "Delete a record; it stops answering at once",
  scope: "infra:write",
  params: domainParams.extend({ id: z.string().min(1).max(100) }),
  response: deleted,
  errors: ["not_found"],
});
