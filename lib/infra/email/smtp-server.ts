import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import type { Db } from "@/lib/db/client";
import { logError } from "@/lib/log";
import type { RunningServer } from "@/lib/infra/dns/dns-server";
import { sharedLoginThrottle, type LoginThrottle } from "@/lib/auth/login-throttle";
import { countRejected } from "./activity-counters";
import { mailboxAuthenticator, type SessionUser } from "./smtp-auth";
import { deliverMessage, serverName, type Relay } from "./smtp-delivery";
import { classifyRecipient, declaredSize, quotaBytes } from "./smtp-recipients";
import { REPLIES, smtpError } from "./smtp-replies";

/** Advertised as SIZE and enforced while the message streams in: past it nothing more is kept. */
export const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

export interface SmtpServerOptions {
  host?: string;
  port?: number;
  maxMessageBytes?: number;
  /**
   * `inbound` (the MX, default): mail from anyone for the mailboxes here, no AUTH. `submission` (RFC 6409):
   * AUTH required, offered only after STARTTLS; the sender must be the authenticated mailbox; mail to other
   * domains goes to `relay`, or is refused 5.7.1 without one.
   */
  mode?: "inbound" | "submission";
  /** The STARTTLS key pair; without one STARTTLS is not offered (and submission cannot authenticate anyone). */
  tls?: { key: Buffer; cert: Buffer } | null;
  relay?: Relay | null;
  /** Failed logins: by default the process's throttle, shared with the dashboard sign-in. */
  throttle?: LoginThrottle;
}

/**
 * Receives mail into the mailboxes' maildirs (inbound) or from the mailboxes' owners (submission). Replies
 * carry RFC 3463 enhanced codes, advertised as ENHANCEDSTATUSCODES: an unknown mailbox in a domain served
 * here is 550 5.1.1, any other domain 550 5.7.1 (never an open relay).
 */
export async function startSmtpServer(db: Db, options: SmtpServerOptions = {}): Promise<RunningServer> {
  const maxMessageBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const submission = options.mode === "submission";
  const relay = submission ? (options.relay ?? null) : null;
  const server = new SMTPServer({
    name: serverName(),
    banner: submission ? "Bengkel mail submission" : "Bengkel mail",
    logger: false,
    hideENHANCEDSTATUSCODES: false,
    hideSTARTTLS: !options.tls,
    ...(options.tls ? { key: options.tls.key, cert: options.tls.cert } : {}),
    disabledCommands: [...(options.tls ? [] : ["STARTTLS"]), ...(submission ? [] : ["AUTH"])],
    authOptional: !submission,
    allowInsecureAuth: false,
    size: maxMessageBytes,
    // Whatever onData answers, a message over `size` gets 552 (smtp-server's own check of the bytes received).
    rejectOversized: true,
    onAuth: submission ? mailboxAuthenticator(db, options.throttle ?? sharedLoginThrottle(db)) : undefined,
    // AUTH PLAIN/LOGIN is neither advertised nor taken in clear text (RFC 4954 §4); STARTTLS turns it on.
    onConnect(session, callback) {
      if (submission) session.disabledCommands = ["AUTH"];
      callback();
    },
    onSecure(_socket, session, callback) {
      if (submission) session.disabledCommands = [];
      callback();
    },
    onMailFrom(address: SMTPServerAddress, session, callback) {
      const user = session.user as SessionUser | undefined;
      if (!submission) return callback();
      // smtp-server asks for AUTH only while AUTH is on, and it is off until STARTTLS: required here, always.
      if (!user) return callback(smtpError(530, REPLIES.authRequired));
      // A mailbox sends as itself only, so a stolen password cannot forge its neighbours' mail.
      if (address.address.toLowerCase() !== user.address)
        return callback(smtpError(553, REPLIES.senderNotOwned(address.address)));
      callback();
    },
    async onRcptTo(address: SMTPServerAddress, session, callback) {
      const recipient = await classifyRecipient(db, address.address);
      if (recipient.kind === "foreign") {
        return relay && session.user ? callback() : callback(smtpError(550, REPLIES.relayDenied(address.address)));
      }
      const size = declaredSize(session);
      if (recipient.kind === "unknown") {
        await countRejected(db, { workspaceId: recipient.workspaceId, mailboxId: null }, size);
        return callback(smtpError(550, REPLIES.noSuchMailbox(address.address)));
      }
      const { mailbox } = recipient;
      if (mailbox.usedBytes + Math.max(1, size) > quotaBytes(mailbox)) {
        await countRejected(db, { workspaceId: mailbox.workspaceId, mailboxId: mailbox.id }, size);
        return callback(smtpError(552, REPLIES.mailboxFull(address.address)));
      }
      callback();
    },
    onData(stream, session, callback) {
      // Kept only while under the limit; past it the rest is read and dropped (the client is owed a reply after
      // its final dot, and a stream left unread would stall the connection).
      let chunks: Buffer[] = [];
      let received = 0;
      let oversized = false;
      stream.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (oversized) return;
        if (stream.sizeExceeded || received > maxMessageBytes) {
          oversized = true;
          chunks = [];
        } else chunks.push(chunk);
      });
      stream.on("error", (error) => callback(error));
      stream.on("end", async () => {
        try {
          if (oversized || stream.sizeExceeded) {
            await countRejectedForLocal(db, session.envelope.rcptTo, received);
            return callback(smtpError(552, REPLIES.tooBig));
          }
          callback(null, await deliverMessage(db, session, Buffer.concat(chunks), relay));
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

async function countRejectedForLocal(db: Db, recipients: SMTPServerAddress[], bytes: number): Promise<void> {
  for (const { address } of recipients) {
    const recipient = await classifyRecipient(db, address);
    if (recipient.kind === "mailbox")
      await countRejected(db, { workspaceId: recipient.mailbox.workspaceId, mailboxId: recipient.mailbox.id }, bytes);
  }
}
