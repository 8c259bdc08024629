import { route } from "@/lib/api/route";
import { deleteWebhook, getWebhook, updateWebhook } from "@/lib/contracts/webhooks";
import {
  deleteWebhook as remove,
  findWebhook,
  serializeWebhook,
  updateWebhook as update,
} from "@/lib/webhooks/manage-webhooks";

export const GET = route(getWebhook, ({ db, workspace, params }) =>
  serializeWebhook(findWebhook(db, workspace.id, params.id)),
);

export const PATCH = route(updateWebhook, ({ db, workspace, params, body }) =>
  update(db, workspace.id, params.id, body),
);

export const DELETE = route(deleteWebhook, ({ db, workspace, params }) => remove(db, workspace.id, params.id));
