import { route } from "@/lib/api/route";
import { testWebhookContract } from "@/lib/contracts/webhooks";
import { sendTestWebhook } from "@/lib/webhooks/webhook-deliveries";

export const POST = route(
  testWebhookContract,
  async ({ db, workspace, params }) => await sendTestWebhook(db, workspace.id, params.id),
);
