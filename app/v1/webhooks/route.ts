import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createWebhook, listWebhooks } from "@/lib/contracts/webhooks";
import { createWebhook as create, listWebhooks as list } from "@/lib/webhooks/manage-webhooks";

export const GET = route(listWebhooks, ({ db, workspace, query }) => {
  const { data, next_cursor } = list(db, workspace.id, query);
  return new Page(data, next_cursor);
});

export const POST = route(createWebhook, ({ db, workspace, body }) => create(db, workspace.id, body));
