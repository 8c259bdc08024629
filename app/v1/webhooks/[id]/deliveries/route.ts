import { route } from "@/lib/api/route";
import { listWebhookDeliveries } from "@/lib/contracts/webhooks";
import { listWebhookDeliveries as list } from "@/lib/webhooks/webhook-deliveries";

export const GET = route(listWebhookDeliveries, ({ db, workspace, params, query }) => list(db, workspace.id, params.id, query));
