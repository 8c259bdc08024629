import { route } from "@/lib/api/route";
import { deleteWebhookContract, getWebhookContract, updateWebhookContract } from "@/lib/contracts/webhooks";
import { deleteWebhook, findWebhook, serializeWebhook, updateWebhook } from "@/lib/webhooks/manage-webhooks";

export const GET = route(getWebhookContract, async ({ db, workspace, params }) =>
  serializeWebhook(await findWebhook(db, workspace.id, params.id)),
);

export const PATCH = route(updateWebhookContract, ({ db, workspace, params, body }) =>
  updateWebhook(db, workspace.id, params.id, body),
);

export const DELETE = route(
  deleteWebhookContract,
  async ({ db, workspace, params }) => await deleteWebhook(db, workspace.id, params.id),
);
