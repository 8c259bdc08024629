import { route } from "@/lib/api/route";
import { rotateWebhookSecret } from "@/lib/contracts/webhooks";
import { rotateWebhookSecret as rotate } from "@/lib/webhooks/manage-webhooks";

export const POST = route(rotateWebhookSecret, ({ db, workspace, params }) => rotate(db, workspace.id, params.id));
