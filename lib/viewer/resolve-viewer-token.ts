import { eq } from "drizzle-orm";
import { viewerTokens } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { getFileVersion, type FileRow, type FileVersionRow } from "@/lib/files/get-file";
import { isDomainError } from "@/lib/errors";
import { hashViewerToken, viewerTokenState, type ViewerTokenRow } from "./viewer-tokens";

export type ResolvedViewerToken =
  | { state: "active"; token: ViewerTokenRow; file: FileRow; version: FileVersionRow }
  /** Unknown answers 404; revoked or expired answer 410 (the link existed once). */
  | { state: "unknown" | "revoked" | "expired" };

const SECRET_SHAPE = /^[A-Za-z0-9_-]{16,100}$/;

/** The one file (and version) an embed secret grants, or why it grants nothing. */
export async function resolveViewerToken(db: Db, secret: string): Promise<ResolvedViewerToken> {
  if (!SECRET_SHAPE.test(secret)) return { state: "unknown" };
  // Lookup by the SHA-256 of the secret: an index hit on a hash leaks nothing about other secrets' bytes.
  const token = (
    await db
      .select()
      .from(viewerTokens)
      .where(eq(viewerTokens.tokenHash, hashViewerToken(secret)))
      .limit(1)
  )[0];
  if (!token) return { state: "unknown" };
  const state = viewerTokenState(token);
  if (state !== "active") return { state };
  try {
    const { file, version } = await getFileVersion(db, token.workspaceId, token.fileId, token.versionId ?? undefined);
    return { state, token, file, version };
  } catch (error) {
    if (isDomainError(error)) return { state: "unknown" };
    throw error;
  }
}
