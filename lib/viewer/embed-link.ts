/**
 * The public embed URL and a ready-to-paste iframe for a viewer secret. `lang: "id"`
 * adds the viewer's `?lang=id` option to both (the API leaves options to the embedder).
 */
export function embedLinkFor(request: Request, secret: string, options: { lang?: "en" | "id" } = {}): { embed_url: string; iframe_html: string } {
  // Behind a proxy NEXTAUTH_URL pins the public origin (as for sign-in); otherwise the request's own.
  const origin = new URL(process.env.NEXTAUTH_URL ?? request.url).origin;
  const url = `${origin}/embed/${secret}${options.lang === "id" ? "?lang=id" : ""}`;
  const title = options.lang === "id" ? "Model 3D" : "3D model";
  return {
    embed_url: url,
    iframe_html: `<iframe src="${url}" width="800" height="600" style="border:0" allow="fullscreen" loading="lazy" title="${title}"></iframe>`,
  };
}
