import { and, eq, gte, sql } from "drizzle-orm";
import { emailAccounts, emailDeliveries } from "@/db/schema";
import type { Db } from "@/lib/db/client";

const DAY_MS = 86_400_000;

/** Received messages and bytes per UTC day (every day of the window, zeros included) and per account. */
export function emailActivity(db: Db, workspaceId: string, days: number, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  const inWindow = and(eq(emailDeliveries.workspaceId, workspaceId), gte(emailDeliveries.receivedAt, from));
  const dayExpr = sql<string>`strftime('%Y-%m-%d', ${emailDeliveries.receivedAt} / 1000, 'unixepoch')`;
  const perDay = new Map(
    db
      .select({ date: dayExpr, received: sql<number>`count(*)`, bytes: sql<number>`sum(${emailDeliveries.sizeBytes})` })
      .from(emailDeliveries)
      .where(inWindow)
      .groupBy(dayExpr)
      .all()
      .map((r) => [r.date, r]),
  );
  const daily = Array.from({ length: days }, (_, i) => {
    const date = new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, received: perDay.get(date)?.received ?? 0, bytes: perDay.get(date)?.bytes ?? 0 };
  });
  const perAccount = new Map(
    db
      .select({
        id: emailDeliveries.accountId,
        received: sql<number>`count(*)`,
        bytes: sql<number>`sum(${emailDeliveries.sizeBytes})`,
        last: sql<number>`max(${emailDeliveries.receivedAt})`,
      })
      .from(emailDeliveries)
      .where(inWindow)
      .groupBy(emailDeliveries.accountId)
      .all()
      .map((r) => [r.id, r]),
  );
  const accounts = db
    .select()
    .from(emailAccounts)
    .where(eq(emailAccounts.workspaceId, workspaceId))
    .orderBy(emailAccounts.address)
    .all()
    .map((a) => {
      const stats = perAccount.get(a.id);
      return {
        id: a.id,
        address: a.address,
        received: stats?.received ?? 0,
        bytes: stats?.bytes ?? 0,
        last_received_at: stats ? new Date(stats.last).toISOString() : null,
        message_count: a.messageCount,
        used_bytes: a.usedBytes,
        quota_mb: a.quotaMb,
      };
    });
  return {
    from: from.toISOString(),
    to: now.toISOString(),
    days,
    totals: {
      received: daily.reduce((s, d) => s + d.received, 0),
      bytes: daily.reduce((s, d) => s + d.bytes, 0),
      accounts: accounts.length,
    },
    daily,
    accounts,
  };
}
