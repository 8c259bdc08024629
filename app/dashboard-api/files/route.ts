import { uploadNewFile } from "@/lib/files/upload-file";
import { getBlobStore } from "@/lib/files/blob-store";
import { serializeFile, serializeVersion } from "@/lib/files/serialize-file";
import { uploadFile } from "@/lib/contracts/files";
import { dashboardRoute } from "@/app/(dashboard)/dashboard-pipeline";

/** Upload from the dashboard: the same pipeline as `POST /v1/files`, with the signed-in user as actor. */
export const POST = dashboardRoute({ permission: "upload", mirrors: uploadFile, successStatus: 201 }, async ({ request, db, userId, workspace }) => {
  const { file, version } = await uploadNewFile(db, getBlobStore(), { request, workspace, actor: userId });
  return { file: serializeFile(file), version: serializeVersion(version) };
});
