import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createMailbox, listMailboxes } from "@/lib/contracts/infra-email";
import { createMailbox as create, listMailboxes as list, serializeMailbox } from "@/lib/infra/email/manage-mailboxes";

export const GET = route(listMailboxes, ({ db, workspace, query }) => {
  const { items, nextCursor } = list(db, workspace.id, query);
  return new Page(items.map(serializeMailbox), nextCursor);
});

export const POST = route(createMailbox, async (ctx) =>
  serializeMailbox(await create(ctx.db, ctx.workspace.id, ctx.body)),
);
