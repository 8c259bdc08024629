import { describe, expect, it } from "vitest";
import { assertWebhookUrl, isBlockedAddress, resolveDeliveryAddress } from "./ssrf-guard";

describe("SSRF guard", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::10.0.0.1",
    "::127.0.0.1",
    "not-an-ip",
  ])("blocks %s", (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "100.128.0.1",
    "192.169.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ])("allows %s", (address) => expect(isBlockedAddress(address)).toBe(false));

  it("refuses internal, non-http and credentialed URLs at registration with a clear 400", async () => {
    for (const url of [
      "http://127.0.0.1:8080/x",
      "https://[::1]/x",
      "http://localhost/x",
      "http://api.localhost/x",
      "https://10.0.0.5/hook",
      "http://[::ffff:192.168.0.1]/",
    ]) {
      await expect(assertWebhookUrl(url, false), url).rejects.toMatchObject({
        code: "invalid_request",
        param: "url",
        message: expect.stringContaining("private, loopback"),
      });
    }
    await expect(assertWebhookUrl("ftp://example.com/x", false)).rejects.toMatchObject({
      param: "url",
      message: expect.stringContaining("https"),
    });
    await expect(assertWebhookUrl("https://u:p@8.8.8.8/x", false)).rejects.toMatchObject({
      message: expect.stringContaining("credentials"),
    });
    await expect(assertWebhookUrl("not a url", false)).rejects.toMatchObject({ param: "url" });
    await expect(assertWebhookUrl("https://8.8.8.8/hook", false)).resolves.toBeInstanceOf(URL);
    await expect(assertWebhookUrl("http://127.0.0.1:8080/x", true)).resolves.toBeInstanceOf(URL);
  });

  it("refuses internal addresses at send time unless allowed", async () => {
    await expect(resolveDeliveryAddress(new URL("http://localhost:1/"), false)).rejects.toThrow(
      /refused: localhost resolves to the internal address/,
    );
    await expect(resolveDeliveryAddress(new URL("http://[::1]:1/"), false)).rejects.toThrow(/internal address ::1/);
    await expect(resolveDeliveryAddress(new URL("http://127.0.0.1:1/"), true)).resolves.toEqual({
      address: "127.0.0.1",
      family: 4,
    });
  });
});
