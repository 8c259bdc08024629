import { route } from "@/lib/api/route";
import { testWebhook } from "@/lib/contracts/webhooks";
import { sendTestWebhook } from "@/lib/webhooks/webhook-deliveries";

export const POST = route(testWebhook, ({ db, workspace, params }) => sendTestWebhook(db, workspace.id, params.id));
