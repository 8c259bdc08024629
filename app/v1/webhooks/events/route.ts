import { route } from "@/lib/api/route";
import { listWebhookEventTypes } from "@/lib/contracts/webhooks";
import { describeWebhookEvents } from "@/lib/webhooks/event-catalog";

export const GET = route(listWebhookEventTypes, () => describeWebhookEvents());
