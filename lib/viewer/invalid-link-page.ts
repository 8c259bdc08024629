/** Headers every embed response carries: framable from any site, never indexed, no referrer leaking the token. */
export const EMBED_HEADERS = {
  "Content-Security-Policy": "frame-ancestors *",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
} as const;

/**
 * The "link no longer valid" page: 404 for a token we never issued, 410 for one
 * revoked or expired. Plain HTML with inline styles: no script, no file data.
 */
export function invalidLinkResponse(state: "unknown" | "revoked" | "expired"): Response {
  const reason =
    state === "unknown" ? "This viewer link does not exist." : state === "revoked" ? "This viewer link was revoked by its owner." : "This viewer link has expired.";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Link no longer valid</title></head>
<body style="margin:0;height:100vh;display:flex;align-items:center;justify-content:center;font:15px/1.5 system-ui,sans-serif;background:#f5f5f4;color:#1c1917">
<main style="text-align:center;padding:24px"><h1 style="font-size:20px;margin:0 0 8px">Link no longer valid</h1><p style="margin:0;color:#57534e">${reason} Ask the person who shared it for a new link.</p></main></body></html>`;
  return new Response(html, {
    status: state === "unknown" ? 404 : 410,
    headers: { ...EMBED_HEADERS, "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
