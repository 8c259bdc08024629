import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createRecord, listRecords } from "@/lib/contracts/infra-dns";
import { createRecord as create, listRecords as list, serializeRecord } from "@/lib/infra/dns/manage-dns";

export const GET = route(listRecords, ({ db, workspace, params, query }) => {
  const { items, nextCursor } = list(db, workspace.id, params.domain, query);
  return new Page(items.map(serializeRecord), nextCursor);
});

export const POST = route(createRecord, (ctx) =>
  serializeRecord(create(ctx.db, ctx.workspace.id, ctx.params.domain, ctx.body)),
);
