import { eq, sql } from "drizzle-orm";
import { storageObjects, storageUploadParts, storageUploads, workspaces } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { STORAGE_QUOTA_BYTES } from "@/lib/plans/plans";

/** The `lockFor` key under which a workspace's stored bytes are checked and added (objects and parts). */
export const storageQuotaLock = (workspaceId: string) => `storage-quota:${workspaceId}`;

/** Bytes the workspace keeps: its objects plus the parts of its unfinished multipart uploads. */
export async function usedBytes(db: Db, workspaceId: string): Promise<number> {
  const objects = (
    await db
      .select({ n: sql<number>`coalesce(sum(${storageObjects.sizeBytes}), 0)` })
      .from(storageObjects)
      .where(eq(storageObjects.workspaceId, workspaceId))
      .limit(1)
  )[0]!.n;
  const parts = (
    await db
      .select({ n: sql<number>`coalesce(sum(${storageUploadParts.sizeBytes}), 0)` })
      .from(storageUploadParts)
      .innerJoin(storageUploads, eq(storageUploads.id, storageUploadParts.uploadId))
      .where(eq(storageUploads.workspaceId, workspaceId))
      .limit(1)
  )[0]!.n;
  return objects + parts;
}

export async function quotaBytes(db: Db, workspaceId: string): Promise<number> {
  const ws = (
    await db.select({ plan: workspaces.infraPlan }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1)
  )[0];
  return STORAGE_QUOTA_BYTES[ws?.plan ?? "solo_edge"];
}

/** Bytes that may still be added; `freed` is what the write replaces (an overwritten object, a re-sent part). */
export async function remainingBytes(db: Db, workspaceId: string, freed = 0): Promise<number> {
  return Math.max(0, (await quotaBytes(db, workspaceId)) - (await usedBytes(db, workspaceId)) + freed);
}

export async function assertWithinQuota(db: Db, workspaceId: string, adding: number, freed = 0): Promise<void> {
  const left = await remainingBytes(db, workspaceId, freed);
  if (adding > left)
    throw new DomainError(
      "quota_exceeded",
      `The workspace's storage quota (${await quotaBytes(db, workspaceId)} bytes on its plan) leaves room for ${left} more bytes.`,
      { details: { s3_code: "QuotaExceeded", remaining_bytes: left } },
    );
}
