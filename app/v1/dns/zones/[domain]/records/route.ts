import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createRecordContract, listRecordsContract } from "@/lib/contracts/infra-dns";
import { createRecord, listRecords, serializeRecord } from "@/lib/infra/dns/manage-dns";

export const GET = route(listRecordsContract, async ({ db, workspace, params, query }) => {
  const { items, nextCursor } = await listRecords(db, workspace.id, params.domain, query);
  return new Page(items.map(serializeRecord), nextCursor);
});

export const POST = route(createRecordContract, async (ctx) =>
  serializeRecord(await createRecord(ctx.db, ctx.workspace.id, ctx.params.domain, ctx.body)),
);
