import { describe, expect, it } from "vitest";
import { JsonText, Page, successBody, successResponse, successText } from "./envelope";

const payload = { id: "qt_1", cached: true, nested: { list: [1, 2], text: 'a "quoted" \u00e9' } };

describe("a payload sent as JSON text", () => {
  it("is enveloped to the same bytes as the parsed payload, in both envelopes", () => {
    const text = new JsonText(JSON.stringify(payload));
    for (const envelope of ["v1", "legacy"] as const)
      expect(successText(envelope, text)).toBe(JSON.stringify(successBody(envelope, payload)));
    expect(successText("legacy", new JsonText("{}"))).toBe(JSON.stringify(successBody("legacy", {})));
  });

  it("gives the same response as the parsed payload", async () => {
    const raw = successResponse("v1", new JsonText(JSON.stringify(payload)), 200, { "X-Request-Id": "r" });
    const parsed = successResponse("v1", payload, 200, { "X-Request-Id": "r" });
    expect(await raw.text()).toBe(await parsed.text());
    expect([...raw.headers]).toEqual([...parsed.headers]);
    expect(await successResponse("v1", new Page([1], null), 200, {}).json()).toEqual({
      success: true,
      data: [1],
      next_cursor: null,
    });
  });
});
