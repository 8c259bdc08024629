import { and, eq, gte, isNull, lte, or } from "drizzle-orm";
import { emailAccounts, emailActivityDays, emailMailboxLog } from "@/db/schema";
import type { Db } from "@/lib/db/client";

const DAY_MS = 86_400_000;

interface Counts {
  received: number;
  bytes: number;
  rejected: number;
  rejected_bytes: number;
}
const zero = (): Counts => ({ received: 0, bytes: 0, rejected: 0, rejected_bytes: 0 });
const add = (to: Counts, from: Counts) => {
  to.received += from.received;
  to.bytes += from.bytes;
  to.rejected += from.rejected;
  to.rejected_bytes += from.rejected_bytes;
};

/**
 * Delivered and refused messages and bytes per UTC day (every day of the window, zeros included) and per
 * mailbox, from the counters written when each message arrived: deleting a mailbox changes no past day.
 */
export async function emailActivity(db: Db, workspaceId: string, days: number, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  const fromDay = from.toISOString().slice(0, 10);
  const rows = await db
    .select({
      day: emailActivityDays.day,
      mailboxId: emailActivityDays.mailboxId,
      received: emailActivityDays.delivered,
      bytes: emailActivityDays.deliveredBytes,
      rejected: emailActivityDays.rejected,
      rejected_bytes: emailActivityDays.rejectedBytes,
    })
    .from(emailActivityDays)
    .where(and(eq(emailActivityDays.workspaceId, workspaceId), gte(emailActivityDays.day, fromDay)));
  const perDay = new Map<string, Counts>();
  const perMailbox = new Map<string, Counts>();
  for (const row of rows) {
    add(perDay.get(row.day) ?? perDay.set(row.day, zero()).get(row.day)!, row);
    add(perMailbox.get(row.mailboxId) ?? perMailbox.set(row.mailboxId, zero()).get(row.mailboxId)!, row);
  }

  // Every mailbox that existed at some time in the window, deleted ones included.
  const lives = await db
    .select({
      id: emailMailboxLog.mailboxId,
      address: emailMailboxLog.address,
      createdAt: emailMailboxLog.createdAt,
      deletedAt: emailMailboxLog.deletedAt,
      lastReceivedAt: emailMailboxLog.lastReceivedAt,
      messageCount: emailAccounts.messageCount,
      usedBytes: emailAccounts.usedBytes,
      quotaMb: emailAccounts.quotaMb,
    })
    .from(emailMailboxLog)
    .leftJoin(
      emailAccounts,
      and(eq(emailAccounts.id, emailMailboxLog.mailboxId), eq(emailAccounts.workspaceId, workspaceId)),
    )
    .where(
      and(
        eq(emailMailboxLog.workspaceId, workspaceId),
        lte(emailMailboxLog.createdAt, now),
        or(isNull(emailMailboxLog.deletedAt), gte(emailMailboxLog.deletedAt, from)),
      ),
    )
    .orderBy(emailMailboxLog.address, emailMailboxLog.createdAt);

  const daily = Array.from({ length: days }, (_, i) => {
    const start = from.getTime() + i * DAY_MS;
    const date = new Date(start).toISOString().slice(0, 10);
    const mailboxes = lives.filter(
      (m) => m.createdAt.getTime() < start + DAY_MS && (!m.deletedAt || m.deletedAt.getTime() >= start),
    ).length;
    return { date, ...(perDay.get(date) ?? zero()), mailboxes };
  });
  const accounts = lives.map((m) => ({
    id: m.id,
    address: m.address,
    created_at: m.createdAt.toISOString(),
    deleted_at: m.deletedAt?.toISOString() ?? null,
    ...(perMailbox.get(m.id) ?? zero()),
    last_received_at: m.lastReceivedAt && m.lastReceivedAt >= from ? m.lastReceivedAt.toISOString() : null,
    message_count: m.deletedAt ? null : m.messageCount,
    used_bytes: m.deletedAt ? null : m.usedBytes,
    quota_mb: m.deletedAt ? null : m.quotaMb,
  }));
  const totals = zero();
  for (const day of daily) add(totals, day);
  const unknown = perMailbox.get("") ?? zero();
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    days,
    totals: { ...totals, accounts: accounts.length },
    daily,
    accounts,
    unknown_recipients: { rejected: unknown.rejected, rejected_bytes: unknown.rejected_bytes },
  };
}
