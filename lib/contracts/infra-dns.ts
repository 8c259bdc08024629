import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { DNS_RECORD_TYPES, DNS_ZONE_STATUSES } from "@/db/schema";
import { CAA_TAGS } from "@/lib/infra/dns/validate-record";
import { isoDate } from "./common";
import { deleted, idempotencyNote, infraOp, pageQuery } from "./infra-common";

const common = infraOp("DNS");
const domainParams = z.object({
  domain: z.string().min(1).max(253).meta({ description: "Zone apex, e.g. example.com" }),
});

const ownershipNote =
  "A new zone is `pending` and served by no one until `POST /v1/dns/zones/{domain}/verify` finds the domain delegated to `nameservers` or the TXT record `verification.txt_name` = `verification.txt_value` (docs/infra.md).";

export const zoneSchema = z
  .object({
    id: z.string().meta({ example: "zone_3f5h7k9m1p3r5t7v9x1z3b5d" }),
    domain: z.string().meta({ example: "example.com" }),
    serial: z.int().meta({ description: "SOA serial; grows with every record change" }),
    status: z.enum(DNS_ZONE_STATUSES).meta({
      description: "`pending` until verified (nothing is served for it); `active`: served by our nameservers",
    }),
    nameservers: z.array(z.string()).meta({ description: "Set these at the domain's registrar to delegate it here" }),
    verification: z.object({
      txt_name: z.string().meta({ example: "_bengkel-challenge.example.com" }),
      txt_value: z
        .string()
        .nullable()
        .meta({ description: "Publish it as a TXT record at `txt_name` to verify without delegating first" }),
      verified_at: isoDate.nullable(),
    }),
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

export const listZonesContract = defineOperation({
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

export const createZoneContract = defineOperation({
  ...common,
  operationId: "createDnsZone",
  method: "post",
  path: "/v1/dns/zones",
  summary: "Add a zone; once verified, our nameservers answer for it (SOA and NS at the apex)",
  description: `${ownershipNote} Refused with 400: public suffixes (\`co.id\`, \`github.io\`), names under no listed top-level domain, reserved names (RFC 2606/6761) and this service's own domains. The same domain twice in one workspace is 409; a claim by another workspace is never revealed. ${idempotencyNote}`,
  idempotent: true,
  scope: "infra:write",
  body: z.object({ domain: z.string().min(1).max(253) }),
  response: zoneSchema,
  successStatus: 201,
  errors: ["invalid_request", "conflict"],
});

export const deleteZoneContract = defineOperation({
  ...common,
  operationId: "deleteDnsZone",
  method: "delete",
  path: "/v1/dns/zones/{domain}",
  summary: "Delete a zone and all its records; it stops answering at once",
  scope: "infra:write",
  params: domainParams,
  response: deleted,
  errors: ["not_found"],
});

export const verifyZoneContract = defineOperation({
  ...common,
  operationId: "verifyDnsZone",
  method: "post",
  path: "/v1/dns/zones/{domain}/verify",
  summary: "Check that the workspace controls a pending zone; on success it is served",
  description: `Looks up the TXT record \`_bengkel-challenge.{domain}\` and asks the parent zone's nameservers whom the domain is delegated to. Either proof activates the zone (a delegation alone only when no other workspace claims the same name). An active zone answers 200 unchanged. Not verified yet: 409 \`invalid_state\`, \`details\` listing what was expected and found. ${idempotencyNote}`,
  idempotent: true,
  scope: "infra:write",
  params: domainParams,
  response: zoneSchema,
  errors: ["not_found", "invalid_state"],
});

export const listRecordsContract = defineOperation({
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

export const createRecordContract = defineOperation({
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

export const deleteRecordContract = defineOperation({
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
