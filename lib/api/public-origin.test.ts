import { describe, expect, it } from "vitest";
import { publicOrigin } from "./public-origin";
import { readConfig } from "@/lib/config";

const settings = (env: Record<string, string> = {}) => readConfig(env);
const headers = (h: Record<string, string>) => new Headers(h);

describe("publicOrigin", () => {
  const proxied = headers({
    host: "127.0.0.1:3000",
    "x-forwarded-host": "shop.example.id",
    "x-forwarded-proto": "https",
  });

  it("PUBLIC_URL wins, then NEXTAUTH_URL, whatever the request says", () => {
    expect(
      publicOrigin(
        proxied,
        settings({ PUBLIC_URL: "https://bengkel.example.id/app", NEXTAUTH_URL: "https://auth.example.id" }),
      ),
    ).toBe("https://bengkel.example.id");
    expect(publicOrigin(proxied, settings({ NEXTAUTH_URL: "https://auth.example.id/" }))).toBe(
      "https://auth.example.id",
    );
  });

  it("takes the forwarded host and scheme only when TRUST_PROXY is on", () => {
    expect(publicOrigin(proxied, settings({ TRUST_PROXY: "true" }))).toBe("https://shop.example.id");
    expect(publicOrigin(proxied, settings())).toBe("http://127.0.0.1:3000");
    const chained = headers({
      host: "10.0.0.5",
      "x-forwarded-host": "shop.example.id, proxy.internal",
      "x-forwarded-proto": "https, http",
    });
    expect(publicOrigin(chained, settings({ TRUST_PROXY: "on" }))).toBe("https://shop.example.id");
  });

  it("uses the Host header the caller sent (e.g. HOST=0.0.0.0 behind a plain port)", () => {
    expect(publicOrigin(headers({ host: "cad.example.id:8080" }), settings())).toBe("http://cad.example.id:8080");
    expect(publicOrigin(headers({ host: "[2001:db8::1]:3000" }), settings())).toBe("http://[2001:db8::1]:3000");
  });

  it("never builds a link from a Host or forwarded header that is not a host", () => {
    const hostile = headers({
      host: 'evil"><script>x</script>',
      "x-forwarded-host": "a/b@c",
      "x-forwarded-proto": "javascript",
    });
    expect(publicOrigin(hostile, settings({ TRUST_PROXY: "true" }))).toBe("http://localhost");
  });

  it("refuses a PUBLIC_URL that is not http(s)", () => {
    expect(() => settings({ PUBLIC_URL: "ftp://x.example" })).toThrow(/PUBLIC_URL/);
  });
});
