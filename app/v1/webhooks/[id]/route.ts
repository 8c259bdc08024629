import { route } from "@/lib/api/route";
import { deleteWebhookContract, getWebhookContract, updateWebhookContract } from "@/lib/contracts/webhooks";
import { deleteWebhook, findWebhook, serializeWebhook, updateWebhook } from "@/lib/webhooks/manage-webhooks";

export const GET = route(getWebhookContract, ({ db, workspace, params }) =>
  serializeWebhook(findWebhook(db, workspace.id, params.id)),
);

export const PATCH = route(updateWebhookContract, ({ db, workspace, params, body }) =>
  updateWebhook(db, workspace.id, params.id, body),
);

export const DELETE = route(deleteWebhookContract, ({ db, workspace, params }) =>
  deleteWebhook(db, workspace.id, params.id),
);
