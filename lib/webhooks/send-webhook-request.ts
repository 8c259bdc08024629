import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { resolveDeliveryAddress } from "./ssrf-guard";

export const RESPONSE_SNIPPET_BYTES = 1024;

export interface SendResult {
  statusCode: number | null;
  responseSnippet: string | null;
  error: string | null;
  durationMs: number;
}

/**
 * One POST with Node's http/https rather than fetch, so the connection goes to
 * the address the SSRF guard checked (a pinned `lookup`) and redirects are
 * never followed. Never throws: every failure becomes `error`.
 */
export async function sendWebhookRequest(input: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(input.url);
  let target;
  let dnsTimer: NodeJS.Timeout | undefined;
  try {
    // getaddrinfo has no timeout of its own; the request's time limit covers the lookup too.
    const timedOut = new Promise<never>((_, reject) => {
      dnsTimer = setTimeout(() => reject(new Error(`timed out after ${input.timeoutMs} ms`)), input.timeoutMs);
    });
    target = await Promise.race([resolveDeliveryAddress(url), timedOut]);
  } catch (error) {
    return { statusCode: null, responseSnippet: null, error: (error as Error).message, durationMs: elapsed() };
  } finally {
    clearTimeout(dnsTimer);
  }
  const remainingMs = Math.max(1, input.timeoutMs - elapsed());
  const pinned = ((_host, options, callback) => {
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const snippet = Buffer.concat(chunks).subarray(0, RESPONSE_SNIPPET_BYTES).toString("utf8");
      resolve({ statusCode, responseSnippet: statusCode === null ? null : snippet, error, durationMs: elapsed() });
      request.destroy();
    };
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        headers: { ...input.headers, "content-length": String(Buffer.byteLength(input.body)) },
        agent: false,
        lookup: pinned,
      },
      (response) => {
        statusCode = response.statusCode ?? null;
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= RESPONSE_SNIPPET_BYTES) finish(null); // the rest of the body is not needed
        });
        response.on("end", () => finish(null));
        response.on("error", (error) => finish(error.message));
      },
    );
    const timer = setTimeout(() => finish(`timed out after ${input.timeoutMs} ms`), remainingMs);
    request.on("error", (error: NodeJS.ErrnoException) =>
      finish(error.code ? `${error.code}: ${error.message}` : error.message),
    );
    request.end(input.body);
  });
}
