import fs from "node:fs/promises";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { QuotePlan } from "@/lib/plans/plans";
import type { BlobStore } from "./blob-store";
import { receiveUpload, type MultipartBody, type ReceivedUpload } from "./receive-upload";
import { getFile } from "./get-file";
import { maxUploadBytes } from "./upload-limits";
import { tagsFromForm, tagsSchema } from "./tags";
import { addFileVersion, createFile } from "./create-file";
import { indexFile } from "@/lib/search/index-file";
import { schedulePrintEstimates } from "@/lib/quotes/prepare-print-estimates";

const formFields = z.object({ name: z.string().trim().min(1).max(200).optional(), tags: tagsSchema });

interface UploadContext {
  body: MultipartBody;
  workspace: { id: string; plan: QuotePlan };
  actor: string;
}

/** `POST /v1/files`: stream, validate the form fields, analyse, store. Nothing is kept on any failure. */
export function uploadNewFile(db: Db, blobs: BlobStore, ctx: UploadContext) {
  return withUpload(blobs, ctx, async (upload) => {
    const parsed = formFields.safeParse({ name: upload.fields.name?.[0], tags: tagsFromForm(upload.fields.tags) });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new DomainError("invalid_request", `Invalid form field \`${issue.path.join(".")}\`: ${issue.message}`, {
        param: String(issue.path[0]),
      });
    }
    return await indexed(
      db,
      await createFile(db, blobs, { workspaceId: ctx.workspace.id, upload, actor: ctx.actor, ...parsed.data }),
    );
  });
}

/** `POST /v1/files/:id/versions`. An unknown (or another workspace's) file is refused before a byte is stored. */
export async function uploadFileVersion(db: Db, blobs: BlobStore, ctx: UploadContext & { fileId: string }) {
  await getFile(db, ctx.workspace.id, ctx.fileId);
  return withUpload(
    blobs,
    ctx,
    async (upload) =>
      await indexed(
        db,
        await addFileVersion(db, blobs, {
          workspaceId: ctx.workspace.id,
          fileId: ctx.fileId,
          upload,
          actor: ctx.actor,
        }),
      ),
  );
}

/** Receives the upload, runs `work`, and removes the temp file whatever happened (once stored, it was moved away). */
async function withUpload<T>(
  blobs: BlobStore,
  ctx: UploadContext,
  work: (upload: ReceivedUpload) => Promise<T>,
): Promise<T> {
  const upload = await receiveUpload(ctx.body, {
    maxBytes: maxUploadBytes(ctx.workspace.plan),
    tempDir: blobs.tempDir(),
  });
  try {
    return await work(upload);
  } finally {
    await fs.rm(upload.tempPath, { force: true });
  }
}

/**
 * Search sees a new file or version at once rather than on its next lazy re-index; a mesh's print
 * estimates start in the background, so its first quote does not slice.
 */
async function indexed<T extends { file: { id: string; workspaceId: string } }>(db: Db, result: T): Promise<T> {
  await indexFile(db, result.file.workspaceId, result.file.id);
  schedulePrintEstimates(db, result.file.workspaceId, result.file.id);
  return result;
}
