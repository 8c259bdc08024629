import { uploadFileVersion } from "@/lib/files/upload-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { multipartBody } from "@/lib/api/multipart-body";
import { serializeFile, serializeVersion } from "@/lib/files/serialize-file";
import { uploadVersionContract } from "@/lib/contracts/files";
import { dashboardRoute } from "@/app/(dashboard)/dashboard-pipeline";
import { fileParams } from "../../file-params";

/** A new version from the file page: the same pipeline as `POST /v1/files/{id}/versions`, with the signed-in user as actor. */
export const POST = dashboardRoute(
  { permission: "upload", mirrors: uploadVersionContract, params: fileParams, successStatus: 201 },
  async ({ request, db, userId, workspace, params }) => {
    const { file, version } = await uploadFileVersion(db, getBlobStore(), {
      body: multipartBody(request),
      workspace,
      actor: userId,
      fileId: params.id,
    });
    return { file: serializeFile(file), version: serializeVersion(version) };
  },
);
