import { afterEach, describe, expect, it } from "vitest";
import { assertZoneAllowed, serviceDomains } from "./zone-policy";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

const reason = (domain: string) => {
  try {
    assertZoneAllowed(domain);
    return "allowed";
  } catch (error) {
    return (error as Error).message;
  }
};

describe("which zone names a workspace may claim", () => {
  // Each of these is a rule of the Public Suffix List (publicsuffix.org/list): ICANN section for the first five,
  // private section (github.io, blogspot.com, s3.amazonaws.com) for the rest.
  it.each(["com", "co.id", "go.id", "co.uk", "web.id", "github.io", "blogspot.com", "s3.amazonaws.com"])(
    "refuses the public suffix %s",
    (domain) => expect(reason(domain)).toMatch(/is a public suffix/),
  );

  it.each(["gmail.com", "bengkel-ayu.co.id", "shop.bengkel-ayu.co.id", "ayu.github.io", "toko.web.id"])(
    "allows %s, registrable under a listed suffix (verification decides who owns it)",
    (domain) => expect(reason(domain)).toBe("allowed"),
  );

  it.each([
    "foo.example",
    "example.com",
    "www.example.org",
    "x.invalid",
    "my.localhost",
    "printer.local",
    "abc.onion",
    "x.alt",
    "corp.internal",
    "1.168.192.in-addr.arpa",
    "router.home.arpa",
  ])("refuses the reserved name %s", (domain) => expect(reason(domain)).toMatch(/reserved name/));

  it("refuses .test unless the administrator allows it (RFC 6761 §6.2)", () => {
    process.env.DNS_ALLOW_TEST_ZONES = "off";
    expect(reason("shop.test")).toMatch(/reserved name/);
    process.env.DNS_ALLOW_TEST_ZONES = "on";
    expect(reason("shop.test")).toBe("allowed");
  });

  it("refuses names under no listed top-level domain", () => {
    expect(reason("shop.notatld")).toMatch(/not under a top-level domain/);
  });

  it("refuses the service's own domains: nameservers', mail host's and public URL's", () => {
    process.env.DNS_NAMESERVERS = "ns1.dns-host.co.id,ns2.dns-host.co.id";
    process.env.SMTP_HOSTNAME = "mx.mailer.id";
    process.env.PUBLIC_URL = "https://cad.bengkel.web.id";
    expect(serviceDomains().sort()).toEqual(["bengkel.web.id", "dns-host.co.id", "mailer.id"]);
    for (const own of ["dns-host.co.id", "ns1.dns-host.co.id", "mailer.id", "bengkel.web.id", "x.bengkel.web.id"])
      expect(reason(own)).toMatch(/belongs to this service/);
    expect(reason("other-host.co.id")).toBe("allowed");
  });

  it("refuses the default nameservers' domain even where .test is allowed", () => {
    process.env.DNS_ALLOW_TEST_ZONES = "on";
    expect(reason("bengkel.test")).toMatch(/belongs to this service \(bengkel.test\)/);
  });
});
