import { route } from "@/lib/api/route";
import { retryWebhookDeliveryContract } from "@/lib/contracts/webhooks";
import { retryWebhookDelivery } from "@/lib/webhooks/webhook-deliveries";

export const POST = route(retryWebhookDeliveryContract, ({ db, workspace, params }) =>
  retryWebhookDelivery(db, workspace.id, params.id, params.delivery_id),
);
