import { uploadNewFile } from "@/lib/files/upload-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { multipartBody } from "@/lib/api/multipart-body";
import { serializeFile, serializeVersion } from "@/lib/files/serialize-file";
import { dashboardJson, requireSessionWorkspace } from "../session-workspace";

/** Upload from the dashboard: the same pipeline as `POST /v1/files`, with the signed-in user as actor. */
export async function POST(request: Request): Promise<Response> {
  return dashboardJson(async () => {
    const { db, userId, workspace } = await requireSessionWorkspace(request, { write: true });
    const { file, version } = await uploadNewFile(db, getBlobStore(), { body: multipartBody(request), workspace, actor: userId });
    return { file: serializeFile(file), version: serializeVersion(version) };
  }, 201);
}
