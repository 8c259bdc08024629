import { describe, expect, it } from "vitest";
import { embedLinkFor } from "./embed-link";

const secret = "a".repeat(32);

describe("embedLinkFor", () => {
  it("builds the embed URL and the iframe on the given origin", () => {
    const link = embedLinkFor("https://bengkel.example.id", secret);
    expect(link.embed_url).toBe(`https://bengkel.example.id/embed/${secret}`);
    expect(link.iframe_html).toBe(
      `<iframe src="https://bengkel.example.id/embed/${secret}" width="800" height="600" style="border:0" allow="fullscreen" loading="lazy" title="3D model"></iframe>`,
    );
  });

  it("an Indonesian link carries ?lang=id in the URL and the snippet", () => {
    const link = embedLinkFor("http://localhost", secret, { lang: "id" });
    expect(link.embed_url).toBe(`http://localhost/embed/${secret}?lang=id`);
    expect(link.iframe_html).toContain(`src="http://localhost/embed/${secret}?lang=id"`);
    expect(link.iframe_html).toContain('title="Model 3D"');
  });
});
