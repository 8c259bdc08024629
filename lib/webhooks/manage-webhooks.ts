import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { assertWebhookUrl } from "./ssrf-guard";
import { keyset, keysetPage, newestFirst, type PageQuery } from "@/lib/db/keyset-page";
import { generateWebhookSecret } from "./webhook-secret";
import { SUBSCRIBABLE_EVENT_TYPES, type SubscribableEventType } from "./event-catalog";

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** After a rotation the old secret keeps signing (second signature) this long, so receivers can switch without a gap. */
export const SECRET_GRACE_MS = 24 * 3_600_000;

export function serializeWebhook(row: WebhookEndpointRow) {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    previous_secret_expires_at:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Deduplicated, in catalogue order. */
const normalizeEvents = (events: SubscribableEventType[]) =>
  SUBSCRIBABLE_EVENT_TYPES.filter((type) => events.includes(type));

export async function createWebhook(
  db: Db,
  workspaceId: string,
  input: { url: string; events: SubscribableEventType[]; description?: string | null },
) {
  await assertWebhookUrl(input.url);
  const now = new Date();
  const row = (
    await db
      .insert(webhookEndpoints)
      .values({
        id: newId("webhook"),
        workspaceId,
        url: input.url,
        description: input.description ?? null,
        events: normalizeEvents(input.events),
        secret: generateWebhookSecret(),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
  )[0];
  return { ...serializeWebhook(row), secret: row.secret };
}

export async function listWebhooks(db: Db, workspaceId: string, query: PageQuery) {
  const { after, order } = keyset(newestFirst(webhookEndpoints.createdAt, webhookEndpoints.id), query.cursor);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), after))
    .orderBy(...order)
    .limit(query.limit + 1);
  const { items, nextCursor } = keysetPage(rows, query.limit, (r) => ({ v: r.createdAt, id: r.id }));
  return { items: items.map(serializeWebhook), nextCursor };
}

/** Scoped by workspace: another workspace's id is simply not found. */
export async function findWebhook(db: Db, workspaceId: string, id: string): Promise<WebhookEndpointRow> {
  const row = (
    await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, workspaceId)))
      .limit(1)
  )[0];
  if (!row) throw new DomainError("not_found", `No webhook ${id} in this workspace.`, { param: "id" });
  return row;
}

export async function updateWebhook(
  db: Db,
  workspaceId: string,
  id: string,
  patch: { url?: string; events?: SubscribableEventType[]; description?: string | null; enabled?: boolean },
) {
  const row = await findWebhook(db, workspaceId, id);
  if (patch.url !== undefined) await assertWebhookUrl(patch.url);
  const now = new Date();
  const enabling = patch.enabled === true && !row.enabled;
  const disabling = patch.enabled === false && row.enabled;
  const updated = (
    await db
      .update(webhookEndpoints)
      .set({
        ...(patch.url !== undefined && { url: patch.url }),
        ...(patch.events !== undefined && { events: normalizeEvents(patch.events) }),
        ...(patch.description !== undefined && { description: patch.description }),
        // Re-enabling starts the failure clock afresh; pending deliveries resume in order.
        ...(enabling && { enabled: true, disabledReason: null, disabledAt: null, failingSince: null }),
        ...(disabling && { enabled: false, disabledReason: "Disabled through the API.", disabledAt: now }),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, row.id))
      .returning()
  )[0];
  return serializeWebhook(updated);
}

/** Deletes the endpoint with its deliveries and attempts; events stay (other endpoints may reference them). */
export async function deleteWebhook(db: Db, workspaceId: string, id: string) {
  const row = await findWebhook(db, workspaceId, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
  return { id: row.id, deleted: true as const };
}

/** The new secret signs from now on; the old one also signs (a second `v1,` signature) for 24 hours. */
export async function rotateWebhookSecret(db: Db, workspaceId: string, id: string, now = new Date()) {
  const row = await findWebhook(db, workspaceId, id);
  const updated = (
    await db
      .update(webhookEndpoints)
      .set({
        secret: generateWebhookSecret(),
        previousSecret: row.secret,
        previousSecretExpiresAt: new Date(now.getTime() + SECRET_GRACE_MS),
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, row.id))
      .returning()
  )[0];
  return { ...serializeWebhook(updated), secret: updated.secret };
}
