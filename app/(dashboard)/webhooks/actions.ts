"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { dashboardAction, type ActionSpec } from "../dashboard-pipeline";
import type { PlanGate } from "@/lib/dashboard/permissions";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/lib/webhooks/event-catalog";
import { createWebhook, deleteWebhook, rotateWebhookSecret, updateWebhook } from "@/lib/webhooks/manage-webhooks";
import { retryWebhookDelivery, sendTestWebhook } from "@/lib/webhooks/webhook-deliveries";
import * as contracts from "@/lib/contracts/webhooks";

export type WebhookActionState = { secret?: string; error?: string; ok?: boolean };

const createForm = z.object({
  url: z.string().trim().min(1).max(2048),
  events: z.array(z.enum(SUBSCRIBABLE_EVENT_TYPES)).min(1, "Tick at least one event."),
  description: z.string().trim().max(500),
});

/** Every webhook change is for owners and admins, on the plan the API's webhook operations need. */
const manage = (mirrors: PlanGate) =>
  ({
    permission: "manage_webhooks",
    mirrors,
    invalid: (error): WebhookActionState => ({ error: error.issues.map((i) => i.message).join("; ") }),
  }) satisfies ActionSpec<undefined, WebhookActionState>;

function changed<T extends WebhookActionState>(state: T): T {
  revalidatePath("/webhooks");
  return state;
}

const id = (formData: FormData, name: string) => String(formData.get(name) ?? "");

export const createWebhookAction = dashboardAction(
  {
    ...manage(contracts.createWebhookContract),
    input: createForm,
    read: (data) => ({
      url: data.get("url"),
      events: data.getAll("events"),
      description: data.get("description") ?? "",
    }),
  },
  async ({ db, workspace, input: { url, events, description } }): Promise<WebhookActionState> =>
    changed({
      secret: (await createWebhook(db, workspace.id, { url, events, description: description || null })).secret,
    }),
);

export const rotateSecretAction = dashboardAction(
  manage(contracts.rotateWebhookSecretContract),
  async ({ db, workspace, data }): Promise<WebhookActionState> =>
    changed({ secret: (await rotateWebhookSecret(db, workspace.id, id(data, "webhookId"))).secret }),
);

export const setEnabledAction = dashboardAction(
  manage(contracts.updateWebhookContract),
  async ({ db, workspace, data }): Promise<WebhookActionState> => {
    await updateWebhook(db, workspace.id, id(data, "webhookId"), { enabled: data.get("enabled") === "true" });
    return changed({ ok: true });
  },
);

export const deleteWebhookAction = dashboardAction(
  manage(contracts.deleteWebhookContract),
  async ({ db, workspace, data }): Promise<WebhookActionState> => {
    await deleteWebhook(db, workspace.id, id(data, "webhookId"));
    return changed({ ok: true });
  },
);

export const testWebhookAction = dashboardAction(
  manage(contracts.testWebhookContract),
  async ({ db, workspace, data }): Promise<WebhookActionState> => {
    await sendTestWebhook(db, workspace.id, id(data, "webhookId"));
    return changed({ ok: true });
  },
);

export const retryDeliveryAction = dashboardAction(
  manage(contracts.retryWebhookDeliveryContract),
  async ({ db, workspace, data }): Promise<WebhookActionState> => {
    await retryWebhookDelivery(db, workspace.id, id(data, "webhookId"), id(data, "deliveryId"));
    return changed({ ok: true });
  },
);
