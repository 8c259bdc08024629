import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from "smtp-server";
import { eq } from "drizzle-orm";
import { emailAccounts, emailDeliveries } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { logError } from "@/lib/log";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import { LoginThrottle } from "@/lib/auth/login-throttle";
import { verifyPasswordHash } from "@/lib/users/users";
import { recordUsage, type MailboxRow } from "./manage-mailboxes";
import { deliverToMaildir } from "./maildir";
import { config } from "@/lib/config";

/** Advertised as SIZE and enforced while the message streams in: past it nothing more is kept. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
const TOO_BIG = "5.3.4 Error: message exceeds fixed maximum message size";
const AUTH_FAILED = "5.7.8 Authentication failed";
const AUTH_THROTTLED = "4.7.0 Too many failed login attempts, try again later";

/** An SMTP reply with its code: smtp-server sends `responseCode` and the message. */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

const serverName = () => config().SMTP_HOSTNAME;
const quotaBytes = (m: MailboxRow) => m.quotaMb * 1024 * 1024;

function findMailbox(db: Db, address: string): MailboxRow | undefined {
  return db.select().from(emailAccounts).where(eq(emailAccounts.address, address.trim().toLowerCase())).get();
}

function declaredSize(session: SMTPServerSession): number {
  const size = Number((session.envelope.mailFrom && (session.envelope.mailFrom.args as { SIZE?: string }).SIZE) ?? 0);
  return Number.isFinite(size) ? size : 0;
}

/**
 * Receives mail for the mailboxes in the database and files it into each
 * mailbox's maildir. Plain text on loopback: no STARTTLS; AUTH (PLAIN/LOGIN)
 * is optional and only records the last login. Failed logins are throttled
 * per mailbox and per client address (`throttle`, by default a new
 * LoginThrottle: 10 failures per 15 minutes, then 454 until the window passes).
 */
export async function startSmtpServer(
  db: Db,
  options: { host?: string; port?: number; maxMessageBytes?: number; throttle?: LoginThrottle } = {},
): Promise<RunningServer> {
  const maxMessageBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const throttle = options.throttle ?? new LoginThrottle();
  const server = new SMTPServer({
    name: serverName(),
    banner: "Bengkel mail (local)",
    logger: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    size: maxMessageBytes,
    // Whatever onData answers, a message over `size` gets 552 (smtp-server's own check of the bytes received).
    rejectOversized: true,
    onAuth(auth, session, callback) {
      const username = auth.username ?? "";
      throttle
        .attempt({ account: username, address: session.remoteAddress }, async () => {
          // Unknown, suspended and wrong all cost one argon2 verify and give the same answer.
          const mailbox = findMailbox(db, username);
          const usable = mailbox && mailbox.status === "active" ? mailbox : undefined;
          const ok = await verifyPasswordHash(usable?.passwordHash, auth.password ?? "");
          return ok && usable ? usable : null;
        })
        .then(
          (result) => {
            if (result.status === "refused") return callback(smtpError(454, AUTH_THROTTLED));
            if (result.status === "failed") return callback(smtpError(535, AUTH_FAILED));
            db.update(emailAccounts)
              .set({ lastLoginAt: new Date() })
              .where(eq(emailAccounts.id, result.value.id))
              .run();
            callback(null, { user: result.value.id });
          },
          (error) => callback(error),
        );
    },
    onRcptTo(address: SMTPServerAddress, session, callback) {
      const mailbox = findMailbox(db, address.address);
      if (!mailbox || mailbox.status !== "active")
        return callback(smtpError(550, `5.1.1 <${address.address}>: no such mailbox here`));
      if (mailbox.usedBytes + Math.max(1, declaredSize(session)) > quotaBytes(mailbox)) {
        return callback(smtpError(552, `5.2.2 <${address.address}>: mailbox full`));
      }
      callback();
    },
    onData(stream, session, callback) {
      // Kept only while under the limit; past it the rest is read and dropped (the client is owed a reply after
      // its final dot, and a stream left unread would stall the connection).
      let chunks: Buffer[] = [];
      let kept = 0;
      let oversized = false;
      stream.on("data", (chunk: Buffer) => {
        if (oversized) return;
        kept += chunk.length;
        if (stream.sizeExceeded || kept > maxMessageBytes) {
          oversized = true;
          chunks = [];
        } else chunks.push(chunk);
      });
      stream.on("error", (error) => callback(error));
      stream.on("end", () => {
        if (oversized || stream.sizeExceeded) return callback(smtpError(552, TOO_BIG));
        try {
          callback(null, deliver(db, session, Buffer.concat(chunks)));
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  server.on("error", (error) => logError("smtp server error", { error }));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port ?? 2525, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === "object" && address ? address.port : (options.port ?? 2525),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Checks every recipient's quota against the real size first, so a message is delivered to all or none. */
function deliver(db: Db, session: SMTPServerSession, message: Buffer): string {
  const mailboxes = session.envelope.rcptTo.map((r) => findMailbox(db, r.address));
  for (const [i, mailbox] of mailboxes.entries()) {
    if (!mailbox) throw smtpError(550, `5.1.1 <${session.envelope.rcptTo[i].address}>: no such mailbox here`);
    if (mailbox.usedBytes + message.length > quotaBytes(mailbox))
      throw smtpError(552, `5.2.2 <${mailbox.address}>: mailbox full`);
  }
  const now = new Date();
  for (const mailbox of mailboxes as MailboxRow[]) {
    const stored = Buffer.concat([Buffer.from(traceHeaders(session, mailbox.address, now)), message]);
    deliverToMaildir(mailbox.id, stored, now);
    db.transaction((tx) => {
      recordUsage(tx, mailbox.id, stored.length);
      tx.insert(emailDeliveries)
        .values({ accountId: mailbox.id, workspaceId: mailbox.workspaceId, sizeBytes: stored.length, receivedAt: now })
        .run();
    });
  }
  return `Delivered to ${mailboxes.length} mailbox${mailboxes.length === 1 ? "" : "es"}`;
}

/** What a final-delivery MTA prepends (RFC 5321 §4.4): where it came from, for whom, and when. */
function traceHeaders(session: SMTPServerSession, recipient: string, now: Date): string {
  const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
  return (
    `Return-Path: <${from}>\r\nDelivered-To: ${recipient}\r\n` +
    `Received: from ${session.clientHostname} ([${session.remoteAddress}]) by ${serverName()} with ESMTP id ${session.id}; ${now.toUTCString()}\r\n`
  );
}
