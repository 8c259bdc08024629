import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createWebhookContract, listWebhooksContract } from "@/lib/contracts/webhooks";
import { createWebhook, listWebhooks } from "@/lib/webhooks/manage-webhooks";

export const GET = route(listWebhooksContract, async ({ db, workspace, query }) => {
  const { items, nextCursor } = await listWebhooks(db, workspace.id, query);
  return new Page(items, nextCursor);
});

export const POST = route(createWebhookContract, ({ db, workspace, body }) => createWebhook(db, workspace.id, body));
