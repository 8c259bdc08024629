import { route } from "@/lib/api/route";
import { downloadFile } from "@/lib/contracts/files";
import { getFileVersion } from "@/lib/files/get-file";
import { getBlobStore } from "@/lib/files/blob-store";

export const GET = route(downloadFile, ({ db, workspace, params, query }) => {
  const { version } = getFileVersion(db, workspace.id, params.id, query.version);
  return new Response(getBlobStore().stream(version.sha256), {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(version.sizeBytes),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(version.originalName)}`,
      ETag: `"${version.sha256}"`,
    },
  });
});
