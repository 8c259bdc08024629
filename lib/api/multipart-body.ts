import type { MultipartBody } from "@/lib/files/receive-upload";

/** The parts of a multipart request that receiveUpload (lib/files) reads, so the files layer never sees a Request. */
export function multipartBody(request: Request): MultipartBody {
  return {
    contentType: request.headers.get("content-type") ?? "",
    contentLength: Number(request.headers.get("content-length") ?? 0),
    stream: request.body,
  };
}
