import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { listWebhookDeliveriesContract } from "@/lib/contracts/webhooks";
import { listWebhookDeliveries } from "@/lib/webhooks/webhook-deliveries";

export const GET = route(listWebhookDeliveriesContract, async ({ db, workspace, params, query }) => {
  const { items, nextCursor } = await listWebhookDeliveries(db, workspace.id, params.id, query);
  return new Page(items, nextCursor);
});
