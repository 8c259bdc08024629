import { route } from "@/lib/api/route";
import { retryWebhookDelivery } from "@/lib/contracts/webhooks";
import { retryWebhookDelivery as retry } from "@/lib/webhooks/webhook-deliveries";

export const POST = route(retryWebhookDelivery, ({ db, workspace, params }) =>
  retry(db, workspace.id, params.id, params.delivery_id),
);
