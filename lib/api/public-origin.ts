import { config, type Config } from "@/lib/config";

/** host, host:port, [v6]:port — nothing that could break out of a URL or an HTML attribute. */
const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin a link handed to a caller should use: the configured public URL (PUBLIC_URL, else NEXTAUTH_URL);
 * else, when TRUST_PROXY is on, the proxy's X-Forwarded-Proto/-Host; else the request's Host header. Next.js's
 * `request.url` is not used for this: it names the address the server listens on, not the one the caller used.
 */
export function publicOrigin(
  headers: Headers,
  settings: Pick<Config, "PUBLIC_URL" | "NEXTAUTH_URL" | "TRUST_PROXY"> = config(),
): string {
  const configured = settings.PUBLIC_URL ?? settings.NEXTAUTH_URL;
  if (configured) return new URL(configured).origin;
  const first = (name: string) => headers.get(name)?.split(",")[0].trim() || undefined;
  const forwardedHost = settings.TRUST_PROXY ? first("x-forwarded-host") : undefined;
  const forwardedProto = settings.TRUST_PROXY ? first("x-forwarded-proto")?.toLowerCase() : undefined;
  const host =
    [forwardedHost, headers.get("host") ?? undefined].find((h) => h !== undefined && HOST.test(h)) ?? "localhost";
  const proto = forwardedProto === "https" || forwardedProto === "http" ? forwardedProto : "http";
  return `${proto}://${host.toLowerCase()}`;
}
