import { describe, expect, it } from "vitest";
import { GET } from "./route";

describe("GET /v1/openapi.json", () => {
  it("is revalidated with an ETag rather than cached for a year", async () => {
    const first = GET(new Request("http://localhost/v1/openapi.json"));
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");
    expect((await first.json()).openapi).toBe("3.1.0");
    const etag = first.headers.get("etag")!;
    const again = GET(new Request("http://localhost/v1/openapi.json", { headers: { "if-none-match": etag } }));
    expect(again.status).toBe(304);
  });
});
