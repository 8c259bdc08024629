import { route } from "@/lib/api/route";
import { testWebhookContract } from "@/lib/contracts/webhooks";
import { sendTestWebhook } from "@/lib/webhooks/webhook-deliveries";

export const POST = route(testWebhookContract, ({ db, workspace, params }) =>
  sendTestWebhook(db, workspace.id, params.id),
);
