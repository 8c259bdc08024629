"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireDashboard } from "../dashboard-session";
import { isAppError } from "@/lib/api/app-error";
import { planAtLeast } from "@/lib/plans/plans";
import { canDecide } from "@/lib/dashboard/roles";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/lib/webhooks/event-catalog";
import { createWebhook, deleteWebhook, rotateWebhookSecret, updateWebhook } from "@/lib/webhooks/manage-webhooks";
import { retryWebhookDelivery, sendTestWebhook } from "@/lib/webhooks/webhook-deliveries";

export type WebhookActionState = { secret?: string; error?: string; ok?: boolean };

const createForm = z.object({
  url: z.string().trim().min(1).max(2048),
  events: z.array(z.enum(SUBSCRIBABLE_EVENT_TYPES)).min(1, "Tick at least one event."),
  description: z.string().trim().max(500),
});

/** Every webhook change needs a pro workspace and an owner or admin, like the API's plan and scope checks. */
async function manager() {
  const session = await requireDashboard();
  if (!planAtLeast(session.current.workspace.plan, "pro") || !canDecide(session.current.role)) return null;
  return { db: session.db, workspaceId: session.current.workspace.id };
}

async function attempt(run: () => Promise<WebhookActionState> | WebhookActionState): Promise<WebhookActionState> {
  try {
    const result = await run();
    revalidatePath("/webhooks");
    return result;
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
}

const id = (formData: FormData, name: string) => String(formData.get(name) ?? "");

export async function createWebhookAction(_prev: WebhookActionState, formData: FormData): Promise<WebhookActionState> {
  const m = await manager();
  if (!m) return { error: "forbidden" };
  const parsed = createForm.safeParse({ url: formData.get("url"), events: formData.getAll("events"), description: formData.get("description") ?? "" });
  if (!parsed.success) return { error: parsed.error.issues.map((i) => i.message).join("; ") };
  const { url, events, description } = parsed.data;
  return attempt(async () => ({ secret: (await createWebhook(m.db, m.workspaceId, { url, events, description: description || null })).secret }));
}

export async function rotateSecretAction(_prev: WebhookActionState, formData: FormData): Promise<WebhookActionState> {
  const m = await manager();
  if (!m) return { error: "forbidden" };
  return attempt(() => ({ secret: rotateWebhookSecret(m.db, m.workspaceId, id(formData, "webhookId")).secret }));
}

export async function setEnabledAction(_prev: WebhookActionState, formData: FormData): Promise<WebhookActionState> {
  const m = await manager();
  if (!m) return { error: "forbidden" };
  const enabled = formData.get("enabled") === "true";
  return attempt(async () => (await updateWebhook(m.db, m.workspaceId, id(formData, "webhookId"), { enabled }), { ok: true }));
}

export async function deleteWebhookAction(_prev: WebhookActionState, formData: FormData): Promise<WebhookActionState> {
  const m = await manager();
  if (!m) return { error: "forbidden" };
  return attempt(() => (deleteWebhook(m.db, m.workspaceId, id(formData, "webhookId")), { ok: true }));
}

export async function testWebhookAction(_prev: WebhookActionState, formData: FormData): Promise<WebhookActionState> {
  const m = await manager();
  if (!m) return { error: "forbidden" };
  return attempt(() => (sendTestWebhook(m.db, m.workspaceId, id(formData, "webhookId")), { ok: true }));
}

export async function retryDeliveryAction(_prev: WebhookActionState, formData: FormData): Promise<WebhookActionState> {
  const m = await manager();
  if (!m) return { error: "forbidden" };
  return attempt(() => (retryWebhookDelivery(m.db, m.workspaceId, id(formData, "webhookId"), id(formData, "deliveryId")), { ok: true }));
}
