import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createWebhook, listWebhooks } from "@/lib/contracts/webhooks";
import { createWebhook as create, listWebhooks as list } from "@/lib/webhooks/manage-webhooks";

export const GET = route(listWebhooks, ({ db, workspace, query }) => {
  const { items, nextCursor } = list(db, workspace.id, query);
  return new Page(items, nextCursor);
});

export const POST = route(createWebhook, ({ db, workspace, body }) => create(db, workspace.id, body));
