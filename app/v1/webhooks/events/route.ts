import { route } from "@/lib/api/route";
import { listWebhookEventTypesContract } from "@/lib/contracts/webhooks";
import { describeWebhookEvents } from "@/lib/webhooks/event-catalog";

export const GET = route(listWebhookEventTypesContract, () => describeWebhookEvents());
