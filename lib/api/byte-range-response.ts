import { AppError } from "./app-error";

export interface ByteSource {
  size: number;
  /** A strong validator: the bytes' hash. */
  etag: string;
  /** The bytes from `start` to `end` inclusive (all of them without a range). */
  stream(range?: { start: number; end: number }): ReadableStream<Uint8Array>;
}

/**
 * A download with the HTTP semantics clients expect (RFC 9110): `Accept-Ranges`, `ETag`, `If-None-Match` → 304,
 * one `Range` → 206 with `Content-Range`, an unsatisfiable one → 416 (an error envelope whose `Content-Range`
 * gives the size). Several ranges, or a malformed header, get the whole body (a server may ignore Range).
 */
export function byteRangeResponse(request: Request, source: ByteSource, headers: Record<string, string>): Response {
  const etag = `"${source.etag}"`;
  const common = { ...headers, ETag: etag, "Accept-Ranges": "bytes" };
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => [etag, "*"].includes(tag.trim().replace(/^W\//, "")))) {
    return new Response(null, { status: 304, headers: { ETag: etag } });
  }
  const range = parseRange(request.headers.get("range"), source.size);
  const ifRange = request.headers.get("if-range");
  if (range === "unsatisfiable" && !(ifRange && ifRange !== etag)) {
    throw new AppError("range_not_satisfiable", `The range is outside the file's ${source.size} bytes.`, {
      param: "Range",
      headers: { "Content-Range": `bytes */${source.size}` },
    });
  }
  if (range && range !== "unsatisfiable" && (!ifRange || ifRange === etag)) {
    return new Response(source.stream(range), {
      status: 206,
      headers: {
        ...common,
        "Content-Length": String(range.end - range.start + 1),
        "Content-Range": `bytes ${range.start}-${range.end}/${source.size}`,
      },
    });
  }
  return new Response(source.stream(), { headers: { ...common, "Content-Length": String(source.size) } });
}

/** `bytes=a-b`, `bytes=a-`, `bytes=-n`; null for no (or an ignorable) header. */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/i);
  if (!match || (match[1] === "" && match[2] === "")) return null;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return "unsatisfiable";
  if (end < start) return null;
  return { start, end };
}
