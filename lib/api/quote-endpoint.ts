import { DomainError, isDomainError } from "@/lib/errors";
import { JsonText } from "./envelope";

type QuoteApi = "v1" | "legacy";
type QuoteProcess = "print_3d" | "laser";

/** The endpoint that quotes `process` in the API the client called, so a hint never sends it to the other API. */
export function quoteEndpoint(api: QuoteApi, process: QuoteProcess, fileId: string): string {
  if (api === "v1") return `POST /v1/files/${fileId}/quote/${process === "laser" ? "laser" : "3dprint"}`;
  return `POST /api/files/${fileId}/quote${process === "laser" ? "/laser" : ""}`;
}

/**
 * Runs a quote; a `wrong_process` refusal (the domain names the process the file needs) gains the endpoint
 * of that process in the caller's API, in its message and details.
 */
export async function withQuoteEndpoint<T>(api: QuoteApi, fileId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isDomainError(error) || error.code !== "wrong_process") throw error;
    const details = (error.details ?? {}) as { process?: QuoteProcess };
    if (!details.process) throw error;
    const endpoint = quoteEndpoint(api, details.process, fileId);
    throw new DomainError("wrong_process", `${error.message.replace(/\.$/, "")}: ${endpoint}.`, {
      param: error.param,
      details: { ...details, endpoint },
    });
  }
}

/** `withQuoteEndpoint` for a quote answered as JSON text (lib/quotes/quote-file.ts `quoteFileJson`). */
export const withQuoteJson = (api: QuoteApi, fileId: string, run: () => Promise<string>): Promise<JsonText> =>
  withQuoteEndpoint(api, fileId, async () => new JsonText(await run()));
