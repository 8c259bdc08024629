import { SMTPConnection } from "smtp-server/lib/smtp-connection";

/**
 * With ENHANCEDSTATUSCODES advertised, smtp-server puts a code in front of every reply, picked from the reply
 * code alone (550 → 5.1.1 whether the mailbox is unknown or relaying is denied). Our own replies name their
 * enhanced code (RFC 3463) first; for those the library's guess is left out, so each reply carries exactly one.
 */
const OWN_CODE = /^[245]\.\d{1,3}\.\d{1,3} /;
const patched = SMTPConnection.prototype as unknown as { send: SMTPConnection["send"]; bengkelOwnCodes?: true };
if (!patched.bengkelOwnCodes) {
  const send = patched.send;
  patched.send = function (this: SMTPConnection, code, data, context) {
    return send.call(this, code, data, typeof data === "string" && OWN_CODE.test(data) ? false : context);
  };
  patched.bengkelOwnCodes = true;
}

/** An SMTP reply with its code: smtp-server sends `responseCode` and the message (which starts with its enhanced code). */
export function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

export const REPLIES = {
  tooBig: "5.3.4 Error: message exceeds fixed maximum message size",
  authFailed: "5.7.8 Authentication failed",
  authRequired: "5.7.0 Authentication required",
  authThrottled: "4.7.0 Too many failed login attempts, try again later",
  noSuchMailbox: (address: string) => `5.1.1 <${address}>: no such mailbox here`,
  mailboxFull: (address: string) => `5.2.2 <${address}>: mailbox full`,
  relayDenied: (address: string) => `5.7.1 <${address}>: relaying denied`,
  senderNotOwned: (address: string) => `5.7.1 <${address}>: sender address not owned by the authenticated mailbox`,
} as const;
