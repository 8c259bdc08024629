import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { listWebhookDeliveries } from "@/lib/contracts/webhooks";
import { listWebhookDeliveries as list } from "@/lib/webhooks/webhook-deliveries";

export const GET = route(listWebhookDeliveries, ({ db, workspace, params, query }) => {
  const { items, nextCursor } = list(db, workspace.id, params.id, query);
  return new Page(items, nextCursor);
});
