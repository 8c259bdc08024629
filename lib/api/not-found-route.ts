import { AppError } from "./app-error";
import type { Envelope } from "./envelope";
import { errorResponse } from "./route";
import { randomToken } from "@/lib/ids";

/** Unknown API paths answer in the API's envelope rather than with an HTML page. */
export function notFoundRoute(envelope: Envelope) {
  return (request: Request): Response => {
    const path = new URL(request.url).pathname;
    return errorResponse(
      envelope,
      new AppError("not_found", `No endpoint ${request.method} ${path}.`),
      `req_${randomToken(20)}`,
    );
  };
}
