import { afterEach, describe, expect, it } from "vitest";
import { embedLinkFor } from "./embed-link";

const secret = "a".repeat(32);

describe("embedLinkFor", () => {
  const publicUrl = process.env.NEXTAUTH_URL;
  afterEach(() => {
    if (publicUrl === undefined) delete process.env.NEXTAUTH_URL;
    else process.env.NEXTAUTH_URL = publicUrl;
  });

  it("builds the embed URL on the request's origin, or on NEXTAUTH_URL behind a proxy", () => {
    delete process.env.NEXTAUTH_URL;
    expect(embedLinkFor(new Request("http://127.0.0.1:3000/v1/files/x/viewer"), secret).embed_url).toBe(`http://127.0.0.1:3000/embed/${secret}`);
    process.env.NEXTAUTH_URL = "https://bengkel.example.id/";
    const link = embedLinkFor(new Request("http://127.0.0.1:3000/"), secret);
    expect(link.embed_url).toBe(`https://bengkel.example.id/embed/${secret}`);
    expect(link.iframe_html).toBe(
      `<iframe src="https://bengkel.example.id/embed/${secret}" width="800" height="600" style="border:0" allow="fullscreen" loading="lazy" title="3D model"></iframe>`,
    );
  });

  it("an Indonesian link carries ?lang=id in the URL and the snippet", () => {
    delete process.env.NEXTAUTH_URL;
    const link = embedLinkFor(new Request("http://localhost/"), secret, { lang: "id" });
    expect(link.embed_url).toBe(`http://localhost/embed/${secret}?lang=id`);
    expect(link.iframe_html).toContain(`src="http://localhost/embed/${secret}?lang=id"`);
    expect(link.iframe_html).toContain('title="Model 3D"');
  });
});
