/**
 * The public embed URL and a ready-to-paste iframe for a viewer secret, on `origin` (lib/api/public-origin.ts). `lang: "id"`
 * adds the viewer's `?lang=id` option to both (the API leaves options to the embedder).
 */
export function embedLinkFor(
  origin: string,
  secret: string,
  options: { lang?: "en" | "id" } = {},
): { embed_url: string; iframe_html: string } {
  const url = `${origin}/embed/${secret}${options.lang === "id" ? "?lang=id" : ""}`;
  const title = options.lang === "id" ? "Model 3D" : "3D model";
  return {
    embed_url: url,
    iframe_html: `<iframe src="${url}" width="800" height="600" style="border:0" allow="fullscreen" loading="lazy" title="${title}"></iframe>`,
  };
}
