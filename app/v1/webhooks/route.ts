import { route } from "@/lib/api/route";
import { createWebhook, listWebhooks } from "@/lib/contracts/webhooks";
import { createWebhook as create, listWebhooks as list } from "@/lib/webhooks/manage-webhooks";

export const GET = route(listWebhooks, ({ db, workspace, query }) => list(db, workspace.id, query));

export const POST = route(createWebhook, ({ db, workspace, body }) => create(db, workspace.id, body));
