"use server";

import { z } from "zod";
import { DNS_RECORD_TYPES } from "@/db/schema";
import { createRecord, createZone, deleteRecord } from "@/lib/infra/dns/manage-dns";
import { deleteZone, verifyZone } from "@/lib/infra/dns/zone-lifecycle";
import * as api from "@/lib/contracts/infra-dns";
import { field, infraAction, optionalInt } from "../infra-manager";

const recordType = z.object({
  type: z.enum(DNS_RECORD_TYPES, { error: "must be one of " + DNS_RECORD_TYPES.join(", ") + "." }),
});
const zonePage = (data: FormData) => `/infra/dns/${field(data, "domain")}`;

export const createZoneAction = infraAction(
  { mirrors: api.createZoneContract, revalidate: "/infra/dns" },
  async ({ db, workspace, data }) => ({
    message: (await createZone(db, workspace.id, { domain: field(data, "domain") })).domain,
  }),
);

export const createRecordAction = infraAction(
  {
    mirrors: api.createRecordContract,
    input: recordType,
    read: (data) => ({ type: field(data, "type") }),
    revalidate: zonePage,
  },
  async ({ db, workspace, data, input: { type } }) => {
    // Blank optional fields stay absent, so lib answers the same 400s as the API does for a missing field.
    const tag = field(data, "tag").trim();
    const record = await createRecord(db, workspace.id, field(data, "domain"), {
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
  },
);

export const deleteRecordAction = infraAction(
  { mirrors: api.deleteRecordContract, revalidate: zonePage },
  async ({ db, workspace, data }) => {
    await deleteRecord(db, workspace.id, field(data, "domain"), field(data, "recordId"));
    return {};
  },
);

export const verifyZoneAction = infraAction(
  { mirrors: api.verifyZoneContract, revalidate: zonePage },
  async ({ db, workspace, data, t }) => {
    await verifyZone(db, workspace.id, field(data, "domain"));
    return { message: t("infra.dns.verified") };
  },
);

export const deleteZoneAction = infraAction(
  { mirrors: api.deleteZoneContract, revalidate: "/infra/dns" },
  async ({ db, workspace, data }) => {
    await deleteZone(db, workspace.id, field(data, "domain"));
    return {};
  },
);
