import type { SMTPServerSession } from "smtp-server";
import { inTransaction, type Db } from "@/lib/db/client";
import { config } from "@/lib/config";
import { recordUsage, type MailboxRow } from "./manage-mailboxes";
import { deliverToMaildir } from "./maildir";
import { countDelivered, countRejected } from "./activity-counters";
import { classifyRecipient, quotaBytes } from "./smtp-recipients";
import { REPLIES, smtpError } from "./smtp-replies";
import type { SessionUser } from "./smtp-auth";

/** Mail for other domains, accepted from an authenticated sender, handed on (the smarthost queue). */
export interface Relay {
  enqueue(item: { workspaceId: string; mailboxId: string; from: string; to: string[]; message: Buffer }): Promise<void>;
}

export const serverName = () => config().SMTP_HOSTNAME;

/**
 * Delivers a received message: local recipients' quotas are checked against the real size first, so it goes
 * to all of them or none; recipients elsewhere (accepted at RCPT only on submission with a relay) are queued.
 */
export async function deliverMessage(
  db: Db,
  session: SMTPServerSession,
  message: Buffer,
  relay: Relay | null,
): Promise<string> {
  const local: MailboxRow[] = [];
  const foreign: string[] = [];
  for (const { address } of session.envelope.rcptTo) {
    const recipient = await classifyRecipient(db, address);
    if (recipient.kind === "mailbox") local.push(recipient.mailbox);
    else if (recipient.kind === "foreign" && relay) foreign.push(recipient.address);
    // It existed at RCPT time and is gone now: refuse the whole message, like a full mailbox.
    else throw smtpError(550, REPLIES.noSuchMailbox(address));
  }
  const full = local.find((m) => m.usedBytes + message.length > quotaBytes(m));
  if (full) {
    for (const mailbox of local)
      await countRejected(db, { workspaceId: mailbox.workspaceId, mailboxId: mailbox.id }, message.length);
    throw smtpError(552, REPLIES.mailboxFull(full.address));
  }
  const now = new Date();
  const received = receivedHeader(session, now);
  // Queued first: if that fails nothing was delivered, and the client's retry duplicates nothing.
  if (foreign.length > 0) {
    const user = session.user as SessionUser;
    await relay!.enqueue({
      workspaceId: user.workspaceId,
      mailboxId: user.id,
      from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
      to: foreign,
      message: Buffer.concat([Buffer.from(received), message]),
    });
  }
  for (const mailbox of local) {
    const stored = Buffer.concat([Buffer.from(finalDeliveryHeaders(session, mailbox.address) + received), message]);
    deliverToMaildir(mailbox.id, stored, now);
    await inTransaction(db, async (tx) => {
      await recordUsage(tx, mailbox.id, stored.length);
      await countDelivered(tx, mailbox, stored.length, now);
    });
  }
  const parts = [];
  if (local.length) parts.push(`delivered to ${local.length} mailbox${local.length === 1 ? "" : "es"}`);
  if (foreign.length) parts.push(`queued for ${foreign.length} remote recipient${foreign.length === 1 ? "" : "s"}`);
  return parts.join(", ").replace(/^./, (c) => c.toUpperCase());
}

/** What a final-delivery MTA prepends (RFC 5321 §4.4): the envelope sender and the recipient. */
function finalDeliveryHeaders(session: SMTPServerSession, recipient: string): string {
  const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
  return `Return-Path: <${from}>\r\nDelivered-To: ${recipient}\r\n`;
}

/**
 * The trace line every hop adds (RFC 5321 §4.4), its protocol from RFC 3848: ESMTP, plus S after STARTTLS and
 * A after AUTH (ESMTPSA); smtp-server keeps it current in `transmissionType`.
 */
function receivedHeader(session: SMTPServerSession, now: Date): string {
  return (
    `Received: from ${session.clientHostname} ([${session.remoteAddress}]) by ${serverName()} ` +
    `with ${session.transmissionType} id ${session.id}; ${now.toUTCString()}\r\n`
  );
}
