import { and, eq, inArray } from "drizzle-orm";
import { apiKeys, files, fileStatusEvents, users, type FileStatus } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import { getFile, type FileRow } from "./get-file";
import { fileEventData } from "./file-event-data";

export type StatusAction = "submit" | "approve" | "reject";

/** draft → pending_approval → approved | rejected; a rejected file may be submitted again. A new version returns a file to draft. */
const TRANSITIONS: Record<
  StatusAction,
  { from: FileStatus[]; to: FileStatus; event: "file.submitted" | "file.approved" | "file.rejected" }
> = {
  submit: { from: ["draft", "rejected"], to: "pending_approval", event: "file.submitted" },
  approve: { from: ["pending_approval"], to: "approved", event: "file.approved" },
  reject: { from: ["pending_approval"], to: "rejected", event: "file.rejected" },
};

/** Moves a file through approval, records who did it and why, and emits the webhook event, in one transaction. */
export async function changeFileStatus(
  db: Db,
  input: { workspaceId: string; fileId: string; action: StatusAction; actor: string; reason?: string },
): Promise<FileRow> {
  const rule = TRANSITIONS[input.action];
  return await inTransaction(db, async (tx) => {
    const file = await getFile(tx, input.workspaceId, input.fileId);
    if (!rule.from.includes(file.status)) {
      throw new DomainError("invalid_state", `Cannot ${input.action} a file whose status is ${file.status}.`, {
        details: { current_status: file.status, allowed_from: rule.from },
      });
    }
    const now = new Date();
    const updated = (
      await tx.update(files).set({ status: rule.to, updatedAt: now }).where(eq(files.id, file.id)).returning()
    )[0];
    await tx.insert(fileStatusEvents).values({
      id: newId("statusEvent"),
      fileId: file.id,
      workspaceId: input.workspaceId,
      fromStatus: file.status,
      toStatus: rule.to,
      actor: input.actor,
      reason: input.reason ?? null,
      createdAt: now,
    });
    await enqueueWebhookEvent(
      tx,
      { workspaceId: input.workspaceId, type: rule.event, data: fileEventData(updated, input) },
      now,
    );
    return updated;
  });
}

export async function listStatusEvents(db: Db, workspaceId: string, fileId: string) {
  const file = await getFile(db, workspaceId, fileId);
  const events = await db
    .select()
    .from(fileStatusEvents)
    .where(eq(fileStatusEvents.fileId, file.id))
    .orderBy(fileStatusEvents.createdAt);
  const names = await actorNames(db, workspaceId, [...new Set(events.map((e) => e.actor))]);
  return events.map((e) => ({
    from: e.fromStatus,
    to: e.toStatus,
    actor: e.actor,
    actor_name: names.get(e.actor) ?? null,
    reason: e.reason,
    at: e.createdAt.toISOString(),
  }));
}

/** Who an actor id is to a person: an API key's name, or a user's name (else e-mail). Only this workspace's keys. */
async function actorNames(db: Db, workspaceId: string, actors: string[]): Promise<Map<string, string>> {
  const keyIds = actors.filter((a) => a.startsWith("key_"));
  const userIds = actors.filter((a) => a.startsWith("usr_"));
  const keys = keyIds.length
    ? await db
        .select({ id: apiKeys.id, name: apiKeys.name })
        .from(apiKeys)
        .where(and(eq(apiKeys.workspaceId, workspaceId), inArray(apiKeys.id, keyIds)))
    : [];
  const people = userIds.length
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  return new Map([
    ...keys.map((k) => [k.id, `API key “${k.name}”`] as const),
    ...people.map((u) => [u.id, u.name ?? u.email] as const),
  ]);
}
