import type { SMTPServerOptions } from "smtp-server";
import { eq } from "drizzle-orm";
import { emailAccounts } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import type { LoginThrottle } from "@/lib/auth/login-throttle";
import { verifyPasswordHash } from "@/lib/users/users";
import { findMailbox } from "./smtp-recipients";
import { REPLIES, smtpError } from "./smtp-replies";

/**
 * AUTH PLAIN/LOGIN against the mailboxes, under the process's password throttle (per mailbox and per client
 * address, shared with the dashboard's sign-in): refused keys get 454 without a password check. Unknown,
 * suspended and wrong all cost one argon2 verify (an unknown name is checked against a decoy hash made with
 * the same parameters) and get the same 535, so neither the answer nor its timing tells them apart.
 */
export function mailboxAuthenticator(db: Db, throttle: LoginThrottle): NonNullable<SMTPServerOptions["onAuth"]> {
  // The decoy hash is made on first use; make it now, so the first unknown name is not slower than the rest.
  void verifyPasswordHash(null, "");
  return (auth, session, callback) => {
    const username = auth.username ?? "";
    throttle
      .attempt({ account: username, address: session.remoteAddress }, async () => {
        const mailbox = await findMailbox(db, username);
        const usable = mailbox && mailbox.status === "active" ? mailbox : undefined;
        const ok = await verifyPasswordHash(usable?.passwordHash, auth.password ?? "");
        return ok && usable ? usable : null;
      })
      .then(
        async (result) => {
          if (result.status === "refused") return callback(smtpError(454, REPLIES.authThrottled));
          if (result.status === "failed") return callback(smtpError(535, REPLIES.authFailed));
          await db.update(emailAccounts).set({ lastLoginAt: new Date() }).where(eq(emailAccounts.id, result.value.id));
          // The address travels with the session, for the sender check of MAIL FROM.
          const user: SessionUser = {
            id: result.value.id,
            address: result.value.address,
            workspaceId: result.value.workspaceId,
          };
          callback(null, { user });
        },
        (error) => callback(error),
      );
  };
}

export interface SessionUser {
  id: string;
  address: string;
  workspaceId: string;
}
