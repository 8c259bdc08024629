import { route } from "@/lib/api/route";
import { byteRangeResponse } from "@/lib/api/byte-range-response";
import { downloadFileContract } from "@/lib/contracts/files";
import { getFileVersion } from "@/lib/files/get-file";
import { getBlobStore } from "@/lib/files/blob-store";

export const GET = route(downloadFileContract, async ({ db, request, workspace, params, query }) => {
  const { version } = await getFileVersion(db, workspace.id, params.id, query.version);
  const blobs = getBlobStore();
  return byteRangeResponse(
    request,
    { size: version.sizeBytes, etag: version.sha256, stream: (range) => blobs.stream(version.sha256, range) },
    {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(version.originalName)}`,
    },
  );
});
