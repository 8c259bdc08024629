import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createMailboxContract, listMailboxesContract } from "@/lib/contracts/infra-email";
import { createMailbox, listMailboxes, serializeMailbox } from "@/lib/infra/email/manage-mailboxes";

export const GET = route(listMailboxesContract, async ({ db, workspace, query }) => {
  const { items, nextCursor } = await listMailboxes(db, workspace.id, query);
  return new Page(items.map(serializeMailbox), nextCursor);
});

export const POST = route(createMailboxContract, async (ctx) =>
  serializeMailbox(await createMailbox(ctx.db, ctx.workspace.id, ctx.body)),
);
