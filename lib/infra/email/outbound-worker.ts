import fs from "node:fs";
import nodemailer from "nodemailer";
import { and, asc, eq, lte } from "drizzle-orm";
import { emailAccounts, emailOutbound } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { logError } from "@/lib/log";
import { deliverToMaildir } from "./maildir";
import { recordUsage } from "./manage-mailboxes";
import { outboundPath } from "./outbound-queue";
import { serverName } from "./smtp-delivery";

/** Wait after failed attempt n (index n-1): 1 min … 24 h, ~4.4 days in all, the span RFC 5321 §4.5.4.1 suggests. */
export const OUTBOUND_RETRY_MS = [1, 5, 30, 60, 120, 240, 480, 960, 1440, 1440, 1440].map((m) => m * 60_000);
/** A claimed message is hidden from other ticks this long; a crash mid-send retries after it. */
const LEASE_MS = 10 * 60_000;

type Transport = ReturnType<typeof nodemailer.createTransport>;

/** The smarthost connection from its URL: smtp:// (STARTTLS when offered) or smtps://, optional user:password. */
export const smarthostTransport = (url: string): Transport =>
  nodemailer.createTransport(url, { connectionTimeout: 30_000, socketTimeout: 120_000 } as never);

/**
 * One tick: hands each due message to the smarthost. A 5xx to the message's envelope or data gives up at
 * once; anything else (4xx, no connection, refused login) retries on OUTBOUND_RETRY_MS; giving up leaves a
 * notice in the sender's mailbox.
 */
export async function sendDueMail(db: Db, transport: Transport, now = new Date()) {
  const due = await db
    .select()
    .from(emailOutbound)
    .where(and(eq(emailOutbound.status, "queued"), lte(emailOutbound.nextAttemptAt, now)))
    .orderBy(asc(emailOutbound.nextAttemptAt))
    .limit(20);
  const summary = { sent: 0, retrying: 0, failed: 0 };
  for (const row of due) {
    // Claimed by moving its time on: only the tick whose update matched sends it.
    const claimed = await db
      .update(emailOutbound)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(and(eq(emailOutbound.id, row.id), eq(emailOutbound.nextAttemptAt, row.nextAttemptAt)))
      .returning({ id: emailOutbound.id });
    if (claimed.length !== 1) continue;
    const file = outboundPath(row.id);
    const to = JSON.parse(row.rcptTo) as string[];
    try {
      const info = await transport.sendMail({ envelope: { from: row.mailFrom, to }, raw: fs.readFileSync(file) });
      const refused = (info.rejected as unknown[]).map(String);
      await finish(db, row.id, "sent", now, refused.length ? `refused by the smarthost: ${refused.join(", ")}` : null);
      summary.sent++;
    } catch (error) {
      const { responseCode = 0, code } = error as { responseCode?: number; code?: string };
      const reason = ((error as { response?: string }).response ?? (error as Error).message).slice(0, 500);
      const attempts = row.attempts + 1;
      // Only a 5xx about this message is final; a refused login or connection is the smarthost's, and retried.
      const refusedMessage = responseCode >= 500 && (code === "EENVELOPE" || code === "EMESSAGE");
      if (refusedMessage || attempts > OUTBOUND_RETRY_MS.length) {
        await finish(db, row.id, "failed", now, reason, attempts);
        await notifySender(db, row, to, reason, now);
        summary.failed++;
      } else {
        await db
          .update(emailOutbound)
          .set({
            attempts,
            lastError: reason,
            nextAttemptAt: new Date(now.getTime() + OUTBOUND_RETRY_MS[attempts - 1]),
          })
          .where(eq(emailOutbound.id, row.id));
        summary.retrying++;
      }
    }
  }
  return summary;
}

async function finish(
  db: Db,
  id: string,
  status: "sent" | "failed",
  now: Date,
  lastError: string | null,
  attempts?: number,
) {
  await db
    .update(emailOutbound)
    .set({ status, finishedAt: now, lastError, ...(attempts ? { attempts } : {}) })
    .where(eq(emailOutbound.id, id));
  fs.rmSync(outboundPath(id), { force: true });
}

/** A short non-delivery notice (not a full RFC 3464 report) into the sending mailbox, if it still exists. */
async function notifySender(db: Db, row: typeof emailOutbound.$inferSelect, to: string[], reason: string, now: Date) {
  const mailbox = (await db.select().from(emailAccounts).where(eq(emailAccounts.id, row.mailboxId)).limit(1))[0];
  if (!mailbox) return;
  const notice = Buffer.from(
    `From: Mail Delivery System <MAILER-DAEMON@${serverName()}>\r\nTo: <${mailbox.address}>\r\n` +
      `Subject: Undelivered mail returned to sender\r\nDate: ${now.toUTCString()}\r\n` +
      `Auto-Submitted: auto-replied\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n` +
      `Your message (${row.id}) to ${to.join(", ")} could not be delivered.\r\nThe smarthost said: ${reason}\r\n`,
  );
  try {
    deliverToMaildir(mailbox.id, notice, now);
    await recordUsage(db, mailbox.id, notice.length);
  } catch (error) {
    logError("outbound: could not leave a non-delivery notice", { error });
  }
}

/** Polls the queue every `intervalMs`; state is in the database and DATA_DIR, so a restart resumes. */
export function startOutboundWorker(db: Db, smarthost: string, intervalMs = 5_000) {
  const transport = smarthostTransport(smarthost);
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = sendDueMail(db, transport)
      .catch((error) => logError("outbound mail tick failed", { error }))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
