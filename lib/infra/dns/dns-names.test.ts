import { describe, expect, it } from "vitest";
import { resolveRecordName, resolveTargetName } from "./dns-names";

describe("names in records, read like a zone file (RFC 1035 §5.1)", () => {
  it("reads data relative to the zone unless it ends in a dot; @ is the apex", () => {
    expect(resolveTargetName("mail", "shop.test", "data")).toBe("mail.shop.test.");
    expect(resolveTargetName("Mail.Sub", "shop.test", "data")).toBe("mail.sub.shop.test.");
    expect(resolveTargetName("mx.example.net.", "shop.test", "data")).toBe("mx.example.net.");
    // Without the dot a zone file would read this as mx.example.net.shop.test too.
    expect(resolveTargetName("mx.example.net", "shop.test", "data")).toBe("mx.example.net.shop.test.");
    expect(resolveTargetName("@", "shop.test", "data")).toBe("shop.test.");
    for (const bad of [".", "..", "*.example.net.", "a b", `${"a".repeat(64)}.`])
      expect(() => resolveTargetName(bad, "shop.test", "data"), bad).toThrow(/not a valid/);
  });

  it("takes a leading * as a wildcard (RFC 4592) and no * elsewhere", () => {
    expect(resolveRecordName("*", "shop.test")).toEqual({ name: "*", fqdn: "*.shop.test" });
    expect(resolveRecordName("*.Dev", "shop.test")).toEqual({ name: "*.dev", fqdn: "*.dev.shop.test" });
    expect(resolveRecordName("*.shop.test.", "shop.test")).toEqual({ name: "*", fqdn: "*.shop.test" });
    for (const bad of ["a.*", "*a", "**", "*.*", "*.other.test."])
      expect(() => resolveRecordName(bad, "shop.test"), bad).toThrow();
    expect(() => resolveRecordName(`*.${"a.".repeat(121)}a`, "shop.test")).toThrow(/253/);
  });
});
