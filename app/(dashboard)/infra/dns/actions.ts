"use server";

import { DNS_RECORD_TYPES } from "@/db/schema";
import { createRecord, createZone, deleteRecord } from "@/lib/infra/dns/manage-dns";
import { asManager, field, optionalInt, type InfraActionState } from "../infra-manager";

export async function createZoneAction(_prev: InfraActionState, data: FormData): Promise<InfraActionState> {
  return asManager("/infra/dns", ({ db, workspaceId }) => ({ message: createZone(db, workspaceId, { domain: field(data, "domain") }).domain }));
}

export async function createRecordAction(_prev: InfraActionState, data: FormData): Promise<InfraActionState> {
  const domain = field(data, "domain");
  const type = DNS_RECORD_TYPES.find((candidate) => candidate === field(data, "type"));
  if (!type) return { error: "`type` must be one of " + DNS_RECORD_TYPES.join(", ") + ".", param: "type" };
  // Blank optional fields stay absent, so lib answers the same 400s as the API does for a missing field.
  const tag = field(data, "tag").trim();
  return asManager(`/infra/dns/${domain}`, ({ db, workspaceId }) => {
    const record = createRecord(db, workspaceId, domain, {
      type,
      name: field(data, "name"),
      data: field(data, "data"),
      ttl: optionalInt(data, "ttl"),
      priority: optionalInt(data, "priority"),
      weight: optionalInt(data, "weight"),
      port: optionalInt(data, "port"),
      flags: optionalInt(data, "flags"),
      tag: tag === "" ? undefined : tag,
    });
    return { message: `${record.type} ${record.fqdn}` };
  });
}

export async function deleteRecordAction(_prev: InfraActionState, data: FormData): Promise<InfraActionState> {
  const domain = field(data, "domain");
  return asManager(`/infra/dns/${domain}`, ({ db, workspaceId }) => (deleteRecord(db, workspaceId, domain, field(data, "recordId")), {}));
}
