import { eq, sql } from "drizzle-orm";
import { emailActivityDays, emailMailboxLog } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { greatest } from "@/lib/db/portable-sql";

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** Adds to one (workspace, day, mailbox) row of counters; one UPSERT, so concurrent deliveries never lose a count. */
async function addToDay(
  db: Db,
  key: { workspaceId: string; mailboxId: string },
  at: Date,
  add: { delivered?: number; deliveredBytes?: number; rejected?: number; rejectedBytes?: number },
): Promise<void> {
  const values = {
    workspaceId: key.workspaceId,
    mailboxId: key.mailboxId,
    day: utcDay(at),
    delivered: add.delivered ?? 0,
    deliveredBytes: add.deliveredBytes ?? 0,
    rejected: add.rejected ?? 0,
    rejectedBytes: add.rejectedBytes ?? 0,
  };
  await db
    .insert(emailActivityDays)
    .values(values)
    .onConflictDoUpdate({
      target: [emailActivityDays.workspaceId, emailActivityDays.day, emailActivityDays.mailboxId],
      set: {
        delivered: sql`${emailActivityDays.delivered} + ${values.delivered}`,
        deliveredBytes: sql`${emailActivityDays.deliveredBytes} + ${values.deliveredBytes}`,
        rejected: sql`${emailActivityDays.rejected} + ${values.rejected}`,
        rejectedBytes: sql`${emailActivityDays.rejectedBytes} + ${values.rejectedBytes}`,
      },
    });
}

export async function countDelivered(
  db: Db,
  mailbox: { id: string; workspaceId: string },
  bytes: number,
  at = new Date(),
): Promise<void> {
  await addToDay(db, { workspaceId: mailbox.workspaceId, mailboxId: mailbox.id }, at, {
    delivered: 1,
    deliveredBytes: bytes,
  });
  await db
    .update(emailMailboxLog)
    .set({ lastReceivedAt: greatest(db, sql`coalesce(${emailMailboxLog.lastReceivedAt}, 0)`, at.getTime()) })
    .where(eq(emailMailboxLog.mailboxId, mailbox.id));
}

/**
 * A message refused for a workspace's address: `mailboxId` null when no mailbox has it. `bytes` is what is
 * known of its size (declared SIZE, or what arrived before the refusal), 0 when nothing is.
 */
export async function countRejected(
  db: Db,
  target: { workspaceId: string; mailboxId: string | null },
  bytes: number,
  at = new Date(),
): Promise<void> {
  await addToDay(db, { workspaceId: target.workspaceId, mailboxId: target.mailboxId ?? "" }, at, {
    rejected: 1,
    rejectedBytes: bytes,
  });
}

export async function logMailboxCreated(
  db: Db,
  row: { id: string; workspaceId: string; address: string; createdAt: Date },
): Promise<void> {
  await db
    .insert(emailMailboxLog)
    .values({ mailboxId: row.id, workspaceId: row.workspaceId, address: row.address, createdAt: row.createdAt });
}

export async function logMailboxDeleted(db: Db, mailboxId: string, at = new Date()): Promise<void> {
  await db.update(emailMailboxLog).set({ deletedAt: at }).where(eq(emailMailboxLog.mailboxId, mailboxId));
}
