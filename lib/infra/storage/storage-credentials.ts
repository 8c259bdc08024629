import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { storageBuckets, storageCredentials } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { keyset, keysetPage, newestFirst, type KeysetPage, type PageQuery } from "@/lib/db/keyset-page";
import { readOrCreateLocalSecret } from "@/lib/local-secret";

export type CredentialRow = typeof storageCredentials.$inferSelect;

/** AWS's shapes: a 20-character upper-case access key id, a 40-character secret. */
const ACCESS_KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const SECRET_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function randomString(alphabet: string, length: number): string {
  // Both alphabets have a power-of-two size, so the modulo is unbiased.
  return [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join("");
}

const encryptionKey = () => createHash("sha256").update(readOrCreateLocalSecret("storage-credentials")).digest();

function encrypt(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", encryptionKey(), iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

function decrypt(stored: string): string {
  const [iv, tag, body] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", encryptionKey(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

export interface CredentialInput {
  name: string;
  buckets?: string[] | null;
  read_only?: boolean;
}

/** The secret exists in plain text only in this return value. */
export async function createStorageCredential(
  db: Db,
  workspaceId: string,
  input: CredentialInput,
  now = new Date(),
): Promise<{ row: CredentialRow; secret: string }> {
  const buckets = input.buckets ? [...new Set(input.buckets)] : null;
  if (buckets?.length) {
    const owned = (
      await db
        .select({ name: storageBuckets.name })
        .from(storageBuckets)
        .where(and(eq(storageBuckets.workspaceId, workspaceId), inArray(storageBuckets.name, buckets)))
    ).map((b) => b.name);
    const missing = buckets.filter((b) => !owned.includes(b));
    if (missing.length)
      throw new DomainError("invalid_request", `No bucket \`${missing[0]}\` in this workspace.`, { param: "buckets" });
  }
  const secret = randomString(SECRET_ALPHABET, 40);
  const row = (
    await db
      .insert(storageCredentials)
      .values({
        id: newId("storageCredential"),
        workspaceId,
        name: input.name,
        accessKeyId: `BK${randomString(ACCESS_KEY_ALPHABET, 18)}`,
        secretCiphertext: encrypt(secret),
        buckets: buckets?.length ? JSON.stringify(buckets) : null,
        readOnly: input.read_only ?? false,
        createdAt: now,
      })
      .returning()
  )[0];
  return { row, secret };
}

export async function listStorageCredentials(
  db: Db,
  workspaceId: string,
  page: PageQuery,
): Promise<KeysetPage<CredentialRow>> {
  const { after, order } = keyset(newestFirst(storageCredentials.createdAt, storageCredentials.id), page.cursor);
  const rows = await db
    .select()
    .from(storageCredentials)
    .where(and(eq(storageCredentials.workspaceId, workspaceId), after))
    .orderBy(...order)
    .limit(page.limit + 1);
  return keysetPage(rows, page.limit, (r) => ({ v: r.createdAt, id: r.id }));
}

export async function revokeStorageCredential(
  db: Db,
  workspaceId: string,
  id: string,
  now = new Date(),
): Promise<CredentialRow> {
  const row = (
    await db
      .select()
      .from(storageCredentials)
      .where(and(eq(storageCredentials.id, id), eq(storageCredentials.workspaceId, workspaceId)))
      .limit(1)
  )[0];
  if (!row) throw new DomainError("not_found", `No storage credential ${id} in this workspace.`, { param: "id" });
  if (row.revokedAt) throw new DomainError("conflict", "This storage credential is already revoked.");
  return (
    await db.update(storageCredentials).set({ revokedAt: now }).where(eq(storageCredentials.id, id)).returning()
  )[0]!;
}

export interface ActiveCredential {
  workspaceId: string;
  accessKeyId: string;
  secret: string;
  buckets: string[] | null;
  readOnly: boolean;
}

/** For SigV4: the live pair behind an access key id, secret decrypted; null when unknown or revoked. */
export async function findActiveCredential(db: Db, accessKeyId: string): Promise<ActiveCredential | null> {
  const row = (
    await db.select().from(storageCredentials).where(eq(storageCredentials.accessKeyId, accessKeyId)).limit(1)
  )[0];
  if (!row || row.revokedAt) return null;
  return {
    workspaceId: row.workspaceId,
    accessKeyId: row.accessKeyId,
    secret: decrypt(row.secretCiphertext),
    buckets: row.buckets ? (JSON.parse(row.buckets) as string[]) : null,
    readOnly: row.readOnly,
  };
}

export function serializeStorageCredential(row: CredentialRow) {
  return {
    id: row.id,
    name: row.name,
    access_key_id: row.accessKeyId,
    buckets: row.buckets ? (JSON.parse(row.buckets) as string[]) : null,
    read_only: row.readOnly,
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
