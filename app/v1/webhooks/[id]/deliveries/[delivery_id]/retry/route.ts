import { route } from "@/lib/api/route";
import { retryWebhookDeliveryContract } from "@/lib/contracts/webhooks";
import { retryWebhookDelivery } from "@/lib/webhooks/webhook-deliveries";

export const POST = route(
  retryWebhookDeliveryContract,
  async ({ db, workspace, params }) => await retryWebhookDelivery(db, workspace.id, params.id, params.delivery_id),
);
