import { describe, expect, it } from "vitest";
import { DomainError, isDomainError } from "@/lib/errors";
import { AppError, errorHeaders, httpStatus, isAppError } from "./app-error";
import { errorResponse } from "./route";

describe("domain errors at the edge", () => {
  it("a plain DomainError gets its status and envelope type from the table", async () => {
    const res = errorResponse(
      "v1",
      new DomainError("unsupported_format", "not a drawing", { param: "file" }),
      "req_test_0001",
    );
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      success: false,
      error: { type: "invalid_request_error", code: "unsupported_format", message: "not a drawing", param: "file" },
      request_id: "req_test_0001",
    });
    expect(httpStatus(new DomainError("unreadable_file", "x"))).toBe(422);
  });

  it("busy with retry_after_seconds → 503 with Retry-After", () => {
    const busy = new DomainError("busy", "try again", { details: { retry_after_seconds: 5 } });
    const res = errorResponse("v1", busy, "req_test_0002");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(errorHeaders(new DomainError("busy", "no hint"))).toEqual({});
  });

  it("an AppError keeps the domain error's fields and adds its headers", () => {
    const domain = new DomainError("unauthorized", "Invalid API key.", { details: { why: "revoked" } });
    const appError = AppError.withHeaders(domain, { "WWW-Authenticate": "Bearer" });
    expect(appError).toMatchObject({ code: "unauthorized", message: "Invalid API key.", details: { why: "revoked" } });
    expect(errorResponse("legacy", appError, "req_test_0003").headers.get("www-authenticate")).toBe("Bearer");
  });

  it("the brand check sees domain errors and AppErrors, and nothing else", () => {
    expect(isDomainError(new DomainError("conflict", "x"))).toBe(true);
    expect(isAppError(new DomainError("conflict", "x"))).toBe(true);
    expect(isDomainError(new AppError("conflict", "x"))).toBe(true);
    expect(isDomainError(new Error("x"))).toBe(false);
    expect(isDomainError({ code: "conflict", message: "x" })).toBe(false);
  });
});
