import { uploadFileVersion } from "@/lib/files/upload-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { multipartBody } from "@/lib/api/multipart-body";
import { serializeFile, serializeVersion } from "@/lib/files/serialize-file";
import { dashboardJson, requireSessionWorkspace } from "../../../session-workspace";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return dashboardJson(async () => {
    const { db, userId, workspace } = await requireSessionWorkspace(request, { write: true });
    const { id } = await params;
    const { file, version } = await uploadFileVersion(db, getBlobStore(), { body: multipartBody(request), workspace, actor: userId, fileId: id });
    return { file: serializeFile(file), version: serializeVersion(version) };
  }, 201);
}
