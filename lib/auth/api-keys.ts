import { and, desc, eq, sql } from "drizzle-orm";
import { apiKeys, workspaces } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { preparedPerConnection } from "@/lib/db/prepared";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { SCOPES, type Scope } from "@/lib/plans/plans";
import { displayHintFor, generateApiKeySecret, hashApiKey, hashesEqual, looksLikeApiKey } from "./api-key-secret";

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;

/** Writing last_used_at on every request would turn each read into a write. */
const LAST_USED_THROTTLE_MS = 60_000;

export interface CreateApiKeyInput {
  workspaceId: string;
  name: string;
  scopes: Scope[];
  expiresAt?: Date | null;
  createdBy?: string | null;
}

/** Returns the stored row and the secret, which exists only in this return value. */
export async function createApiKey(db: Db, input: CreateApiKeyInput): Promise<{ key: ApiKeyRow; secret: string }> {
  const secret = generateApiKeySecret();
  const key = (
    await db
      .insert(apiKeys)
      .values({
        id: newId("apiKey"),
        workspaceId: input.workspaceId,
        name: input.name,
        keyHash: hashApiKey(secret),
        displayHint: displayHintFor(secret),
        scopes: SCOPES.filter((scope) => input.scopes.includes(scope)),
        createdBy: input.createdBy ?? null,
        createdAt: new Date(),
        expiresAt: input.expiresAt ?? null,
      })
      .returning()
  )[0];
  return { key, secret };
}

export async function listApiKeys(db: Db, workspaceId: string): Promise<ApiKeyRow[]> {
  return await db.select().from(apiKeys).where(eq(apiKeys.workspaceId, workspaceId)).orderBy(desc(apiKeys.createdAt));
}

export async function revokeApiKey(db: Db, workspaceId: string, keyId: string): Promise<ApiKeyRow> {
  const key = (
    await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, keyId), eq(apiKeys.workspaceId, workspaceId)))
      .limit(1)
  )[0];
  if (!key) throw new DomainError("not_found", `No API key ${keyId} in this workspace.`, { param: "id" });
  if (key.revokedAt) {
    throw new DomainError("conflict", "This API key is already revoked.", {
      details: { revoked_at: key.revokedAt.toISOString() },
    });
  }
  return (await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, keyId)).returning())[0];
}

/** 401; the request pipeline adds the Bearer challenge (`WWW-Authenticate`). */
const unauthorized = (message: string) => new DomainError("unauthorized", message);

const selectKeyByHash = preparedPerConnection("select_key_by_hash", (db) =>
  db
    .select({ key: apiKeys, workspace: workspaces })
    .from(apiKeys)
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .where(eq(apiKeys.keyHash, sql.placeholder("hash")))
    .limit(1),
);

/** Resolves a bearer secret to its key and workspace, or throws 401 saying why. */
export async function authenticateApiKey(
  db: Db,
  secret: string | null,
  now = new Date(),
): Promise<{ key: ApiKeyRow; workspace: WorkspaceRow }> {
  if (!secret) throw unauthorized("Missing API key: send `Authorization: Bearer <key>`.");
  if (!looksLikeApiKey(secret)) throw unauthorized("Invalid API key.");
  const hash = hashApiKey(secret);
  const [row] = await selectKeyByHash(db).execute({ hash });
  // The index lookup is by hash; compare again in constant time so no path depends on secret bytes.
  if (!row || !hashesEqual(row.key.keyHash, hash)) throw unauthorized("Invalid API key.");
  if (row.key.revokedAt) throw unauthorized("This API key has been revoked.");
  if (row.key.expiresAt && row.key.expiresAt <= now) throw unauthorized("This API key has expired.");

  const lastUsed = row.key.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - lastUsed > LAST_USED_THROTTLE_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.key.id));
  }
  return row;
}

export function keyHasScope(key: ApiKeyRow, scope: Scope): boolean {
  return key.scopes.length === 0 || key.scopes.includes(scope);
}

export function serializeApiKey(key: ApiKeyRow) {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    display_hint: key.displayHint,
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    revoked_at: key.revokedAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  };
}
