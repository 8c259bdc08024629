/** The public embed URL and a ready-to-paste iframe for a viewer secret. */
export function embedLinkFor(request: Request, secret: string): { embed_url: string; iframe_html: string } {
  // Behind a proxy NEXTAUTH_URL pins the public origin (as for sign-in); otherwise the request's own.
  const origin = new URL(process.env.NEXTAUTH_URL ?? request.url).origin;
  const url = `${origin}/embed/${secret}`;
  return {
    embed_url: url,
    iframe_html: `<iframe src="${url}" width="800" height="600" style="border:0" allow="fullscreen" loading="lazy" title="3D model"></iframe>`,
  };
}
