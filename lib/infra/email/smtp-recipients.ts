import { eq } from "drizzle-orm";
import type { SMTPServerSession } from "smtp-server";
import { dnsZones, emailAccounts } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import type { MailboxRow } from "./manage-mailboxes";

/**
 * Where a recipient address goes: a mailbox here; a domain served here (a workspace's DNS zone or under one)
 * without that mailbox, which is refused as unknown (5.1.1) and counted for that workspace; or a domain
 * elsewhere, which only an authenticated submission may relay (5.7.1 otherwise).
 */
export type Recipient =
  | { kind: "mailbox"; mailbox: MailboxRow }
  | { kind: "unknown"; workspaceId: string }
  | { kind: "foreign"; address: string };

export async function findMailbox(db: Db, address: string): Promise<MailboxRow | undefined> {
  return (
    await db.select().from(emailAccounts).where(eq(emailAccounts.address, address.trim().toLowerCase())).limit(1)
  )[0];
}

export async function classifyRecipient(db: Db, raw: string): Promise<Recipient> {
  const address = raw.trim().toLowerCase();
  const mailbox = await findMailbox(db, address);
  if (mailbox?.status === "active") return { kind: "mailbox", mailbox };
  if (mailbox) return { kind: "unknown", workspaceId: mailbox.workspaceId }; // suspended: answered like unknown
  const domain = address.slice(address.lastIndexOf("@") + 1);
  // The zone that owns the domain: itself or its nearest parent, each one indexed lookup.
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    const zone = (
      await db
        .select({ workspaceId: dnsZones.workspaceId })
        .from(dnsZones)
        .where(eq(dnsZones.domain, labels.slice(i).join(".")))
        .limit(1)
    )[0];
    if (zone) return { kind: "unknown", workspaceId: zone.workspaceId };
  }
  return { kind: "foreign", address };
}

export const quotaBytes = (m: MailboxRow) => m.quotaMb * 1024 * 1024;

export function declaredSize(session: SMTPServerSession): number {
  const size = Number((session.envelope.mailFrom && (session.envelope.mailFrom.args as { SIZE?: string }).SIZE) ?? 0);
  return Number.isFinite(size) ? size : 0;
}
