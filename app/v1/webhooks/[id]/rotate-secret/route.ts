import { route } from "@/lib/api/route";
import { rotateWebhookSecretContract } from "@/lib/contracts/webhooks";
import { rotateWebhookSecret } from "@/lib/webhooks/manage-webhooks";

export const POST = route(
  rotateWebhookSecretContract,
  async ({ db, workspace, params }) => await rotateWebhookSecret(db, workspace.id, params.id),
);
