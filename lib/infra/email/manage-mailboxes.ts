import { and, eq, sql } from "drizzle-orm";
import { dnsZones, emailAccounts } from "@/db/schema";
import { inTransaction, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { hashPassword } from "@/lib/users/users";
import { keyset, keysetPage, newestFirst, type PageQuery } from "@/lib/db/keyset-page";
import { assertPassword, generatePassword } from "./passwords";
import { createMaildir, measureMaildir, removeMaildir } from "./maildir";
import { syncDovecotUsers } from "./dovecot-users";
import { logMailboxCreated, logMailboxDeleted } from "./activity-counters";

export type MailboxRow = typeof emailAccounts.$inferSelect;

const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

/** The address must be lower-case-able, with a domain that is (or is under) one of the workspace's verified DNS zones. */
async function checkAddress(db: Db, workspaceId: string, input: string): Promise<string> {
  const address = input.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (at < 1 || local.length > 64 || address.length > 254 || !LOCAL_PART.test(local)) {
    throw new DomainError("invalid_request", `\`${input}\` is not a valid e-mail address.`, { param: "address" });
  }
  const zones = await db
    .select({ domain: dnsZones.domain })
    .from(dnsZones)
    .where(and(eq(dnsZones.workspaceId, workspaceId), eq(dnsZones.status, "active")));
  if (!zones.some((z) => domain === z.domain || domain.endsWith(`.${z.domain}`))) {
    throw new DomainError(
      "invalid_request",
      `${domain} is not in one of this workspace's DNS zones; add (and verify) the zone first (POST /v1/dns/zones).`,
      {
        param: "address",
      },
    );
  }
  return address;
}

export async function createMailbox(
  db: Db,
  workspaceId: string,
  input: { address: string; password: string; quota_mb: number },
  now = new Date(),
): Promise<MailboxRow> {
  const address = await checkAddress(db, workspaceId, input.address);
  assertPassword(input.password);
  if (
    (
      await db.select({ id: emailAccounts.id }).from(emailAccounts).where(eq(emailAccounts.address, address)).limit(1)
    )[0]
  ) {
    throw new DomainError("conflict", `The mailbox ${address} already exists.`, { param: "address" });
  }
  const row: MailboxRow = {
    id: newId("mailbox"),
    workspaceId,
    address,
    passwordHash: await hashPassword(input.password),
    quotaMb: input.quota_mb,
    usedBytes: 0,
    messageCount: 0,
    status: "active",
    createdAt: now,
    lastLoginAt: null,
  };
  // The hash took a while: another request may have taken the address meanwhile, which the unique index catches.
  const inserted = await inTransaction(db, async (tx) => {
    const created = (await tx.insert(emailAccounts).values(row).onConflictDoNothing().returning())[0];
    if (created) await logMailboxCreated(tx, row);
    return created;
  });
  if (!inserted) throw new DomainError("conflict", `The mailbox ${address} already exists.`, { param: "address" });
  createMaildir(row.id);
  await syncDovecotUsers(db);
  return row;
}

export async function listMailboxes(db: Db, workspaceId: string, page: PageQuery) {
  const { after, order } = keyset(newestFirst(emailAccounts.createdAt, emailAccounts.id), page.cursor);
  const rows = await db
    .select()
    .from(emailAccounts)
    .where(and(eq(emailAccounts.workspaceId, workspaceId), after))
    .orderBy(...order)
    .limit(page.limit + 1);
  return keysetPage(rows, page.limit, (r) => ({ v: r.createdAt, id: r.id }));
}

export async function getMailbox(db: Db, workspaceId: string, id: string): Promise<MailboxRow> {
  const row = (
    await db
      .select()
      .from(emailAccounts)
      .where(and(eq(emailAccounts.workspaceId, workspaceId), eq(emailAccounts.id, id)))
      .limit(1)
  )[0];
  if (!row) throw new DomainError("not_found", `No e-mail account \`${id}\` in this workspace.`, { param: "id" });
  return row;
}

export async function deleteMailbox(db: Db, workspaceId: string, id: string): Promise<void> {
  const row = await getMailbox(db, workspaceId, id);
  await inTransaction(db, async (tx) => {
    await tx.delete(emailAccounts).where(eq(emailAccounts.id, row.id));
    await logMailboxDeleted(tx, row.id);
  });
  await syncDovecotUsers(db);
  removeMaildir(row.id);
}

/** Sets the given password, or generates one and answers it — the only time it is ever shown. */
export async function resetMailboxPassword(db: Db, workspaceId: string, id: string, password?: string) {
  const row = await getMailbox(db, workspaceId, id);
  if (password !== undefined) assertPassword(password);
  const chosen = password ?? generatePassword();
  const passwordHash = await hashPassword(chosen);
  await db.update(emailAccounts).set({ passwordHash }).where(eq(emailAccounts.id, row.id));
  await syncDovecotUsers(db);
  return { mailbox: row, generated: password === undefined ? chosen : undefined };
}

/** Counted by the SMTP server on each delivery. */
export async function recordUsage(db: Pick<Db, "update">, accountId: string, bytes: number): Promise<void> {
  await db
    .update(emailAccounts)
    .set({
      usedBytes: sql`${emailAccounts.usedBytes} + ${bytes}`,
      messageCount: sql`${emailAccounts.messageCount} + 1`,
    })
    .where(eq(emailAccounts.id, accountId));
}

/**
 * After an IMAP or POP3 session (messages expunged, moved, saved to Sent): the mailbox's use as it now stands on
 * disk, which the SMTP server's quota check and the dashboard read. Delivery history is not touched.
 */
export async function refreshMailboxUsage(db: Db, address: string): Promise<void> {
  const row = (
    await db.select({ id: emailAccounts.id }).from(emailAccounts).where(eq(emailAccounts.address, address)).limit(1)
  )[0];
  if (!row) return;
  const { bytes, messages } = measureMaildir(row.id);
  await db.update(emailAccounts).set({ usedBytes: bytes, messageCount: messages }).where(eq(emailAccounts.id, row.id));
}

export function serializeMailbox(row: MailboxRow) {
  return {
    id: row.id,
    address: row.address,
    quota_mb: row.quotaMb,
    used_bytes: row.usedBytes,
    message_count: row.messageCount,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}
