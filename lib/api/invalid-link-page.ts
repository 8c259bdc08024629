import { pickLang, type Lang } from "@/lib/i18n/messages";

/** Headers every embed response carries: framable from any site, never indexed, no referrer leaking the token. */
export const EMBED_HEADERS = {
  "Content-Security-Policy": "frame-ancestors *",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
} as const;

const WORDS = {
  en: {
    title: "Link no longer valid",
    unknown: "This viewer link does not exist.",
    revoked: "This viewer link was revoked by its owner.",
    expired: "This viewer link has expired.",
    ask: "Ask the person who shared it for a new link.",
  },
  id: {
    title: "Tautan tidak berlaku lagi",
    unknown: "Tautan penampil ini tidak ada.",
    revoked: "Tautan penampil ini telah dicabut oleh pemiliknya.",
    expired: "Tautan penampil ini sudah kedaluwarsa.",
    ask: "Mintalah tautan baru kepada orang yang membagikannya.",
  },
} satisfies Record<Lang, Record<string, string>>;

/** The embed's language: `?lang=` as the viewer reads it, else the browser's preference. */
export function embedLang(request: Request): Lang {
  const asked = new URL(request.url).searchParams.get("lang");
  return asked === "id" || asked === "en" ? asked : pickLang(undefined, request.headers.get("accept-language"));
}

/**
 * The "link no longer valid" page: 404 for a token we never issued, 410 for one
 * revoked or expired. Plain HTML with inline styles: no script, no file data.
 */
export function invalidLinkResponse(state: "unknown" | "revoked" | "expired", lang: Lang = "en"): Response {
  const w = WORDS[lang];
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${w.title}</title></head>
<body style="margin:0;height:100vh;display:flex;align-items:center;justify-content:center;font:15px/1.5 system-ui,sans-serif;background:#f5f5f4;color:#1c1917">
<main style="text-align:center;padding:24px"><h1 style="font-size:20px;margin:0 0 8px">${w.title}</h1><p style="margin:0;color:#57534e">${w[state]} ${w.ask}</p></main></body></html>`;
  return new Response(html, {
    status: state === "unknown" ? 404 : 410,
    headers: {
      ...EMBED_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      Vary: "Accept-Language",
    },
  });
}
