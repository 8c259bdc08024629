import { uploadNewFile } from "@/lib/files/upload-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { multipartBody } from "@/lib/api/multipart-body";
import { serializeFile, serializeVersion } from "@/lib/files/serialize-file";
import { uploadFileContract } from "@/lib/contracts/files";
import { dashboardRoute } from "@/app/(dashboard)/dashboard-pipeline";

/** Upload from the dashboard: the same pipeline as `POST /v1/files`, with the signed-in user as actor. */
export const POST = dashboardRoute(
  { permission: "upload", mirrors: uploadFileContract, successStatus: 201 },
  async ({ request, db, userId, workspace }) => {
    const { file, version } = await uploadNewFile(db, getBlobStore(), {
      body: multipartBody(request),
      workspace,
      actor: userId,
    });
    return { file: serializeFile(file), version: serializeVersion(version) };
  },
);
