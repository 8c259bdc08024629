import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { viewerTokens } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { getFileVersion, type FileVersionRow } from "@/lib/files/get-file";

export type ViewerTokenRow = typeof viewerTokens.$inferSelect;

/** Longest link lifetime we accept: one year. */
export const MAX_VIEWER_TOKEN_SECONDS = 365 * 24 * 3600;

export function hashViewerToken(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export interface CreateViewerTokenInput {
  workspaceId: string;
  fileId: string;
  /** Version number to pin; omitted follows the current version. */
  version?: number;
  expiresInSeconds?: number;
  allowDownload?: boolean;
  createdBy: string;
}

/** Returns the row, the version it shows now, and the secret (192 random bits, base64url), which exists only in this return value. */
export async function createViewerToken(
  db: Db,
  input: CreateViewerTokenInput,
): Promise<{ token: ViewerTokenRow; version: FileVersionRow; secret: string }> {
  const { file, version } = await getFileVersion(db, input.workspaceId, input.fileId, input.version);
  const secret = randomBytes(24).toString("base64url");
  const now = new Date();
  const token = (
    await db
      .insert(viewerTokens)
      .values({
        id: newId("viewerToken"),
        workspaceId: input.workspaceId,
        fileId: file.id,
        versionId: input.version === undefined ? null : version.id,
        tokenHash: hashViewerToken(secret),
        allowDownload: input.allowDownload ?? false,
        createdBy: input.createdBy,
        createdAt: now,
        expiresAt:
          input.expiresInSeconds === undefined ? null : new Date(now.getTime() + input.expiresInSeconds * 1000),
      })
      .returning()
  )[0];
  return { token, version, secret };
}

export async function listViewerTokens(db: Db, workspaceId: string, fileId: string): Promise<ViewerTokenRow[]> {
  await getFileVersion(db, workspaceId, fileId); // 404 for another workspace's file
  return await db
    .select()
    .from(viewerTokens)
    .where(and(eq(viewerTokens.workspaceId, workspaceId), eq(viewerTokens.fileId, fileId)))
    .orderBy(desc(viewerTokens.createdAt), desc(viewerTokens.id));
}

/** Idempotent: revoking a revoked token keeps its first revocation time. */
export async function revokeViewerToken(
  db: Db,
  workspaceId: string,
  fileId: string,
  tokenId: string,
): Promise<ViewerTokenRow> {
  const row = (
    await db
      .select()
      .from(viewerTokens)
      .where(
        and(eq(viewerTokens.id, tokenId), eq(viewerTokens.workspaceId, workspaceId), eq(viewerTokens.fileId, fileId)),
      )
      .limit(1)
  )[0];
  if (!row) throw new DomainError("not_found", `No viewer token ${tokenId} for file ${fileId}.`, { param: "token_id" });
  if (row.revokedAt) return row;
  return (
    await db.update(viewerTokens).set({ revokedAt: new Date() }).where(eq(viewerTokens.id, row.id)).returning()
  )[0];
}

export function viewerTokenState(row: ViewerTokenRow, now = new Date()): "active" | "revoked" | "expired" {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

export function serializeViewerToken(row: ViewerTokenRow) {
  return {
    id: row.id,
    file_id: row.fileId,
    version_id: row.versionId,
    allow_download: row.allowDownload,
    state: viewerTokenState(row),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}
