import { describe, expect, it } from "vitest";
import { countText } from "./messages";

describe("countText", () => {
  it("English says 1 object and 2 objects; Indonesian has no plural form", () => {
    expect(countText("en", 1, "infra.storage.objects")).toBe("1 object");
    expect(countText("en", 0, "infra.storage.objects")).toBe("0 objects");
    expect(countText("en", 1200, "infra.storage.buckets")).toBe("1,200 buckets");
    expect(countText("id", 1, "infra.storage.objects")).toBe("1 objek");
    expect(countText("id", 2, "infra.storage.objects")).toBe("2 objek");
  });
});
