import { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { verifyUserPassword } from "@/lib/users/users";
import { sharedLoginThrottle, type LoginThrottle, retryMinutes } from "./login-throttle";
import { tooManyAttemptsMessage } from "./sign-in-error";

const credentials = z.object({ email: z.string().trim().email().max(254), password: z.string().min(1).max(1024) });

type HeaderBag = Record<string, string | string[] | undefined> | undefined;

/**
 * The client's address: the last `X-Forwarded-For` entry, which is what the
 * nearest proxy saw (or what `next start` sets from the socket when the header
 * is absent). Without it only the per-account limit applies.
 */
export function clientAddress(headers: HeaderBag): string | null {
  const value = headers?.["x-forwarded-for"];
  const list = (Array.isArray(value) ? value.join(",") : (value ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.at(-1) ?? null;
}

/**
 * The credentials check behind the sign-in form. A refusal throws, so next-auth
 * hands its message to the form (`signIn(…).error`); a wrong e-mail or password
 * answers null, the same for both.
 */
export async function authorizeCredentials(
  input: unknown,
  req: { headers?: HeaderBag } | undefined,
  deps: { db?: Db; throttle?: LoginThrottle } = {},
): Promise<{ id: string; email: string; name: string } | null> {
  const parsed = credentials.safeParse(input);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  // Shared with SMTP AUTH: 10 failures per 15 minutes per e-mail or per client address (see login-throttle.ts).
  const db = deps.db ?? getDb();
  const throttle = deps.throttle ?? sharedLoginThrottle(db);
  const result = await throttle.attempt({ account: email, address: clientAddress(req?.headers) }, () =>
    verifyUserPassword(db, email, password),
  );
  if (result.status === "refused") throw new Error(tooManyAttemptsMessage(retryMinutes(result.retryAfterMs)));
  if (result.status === "failed") return null;
  const user = result.value;
  return { id: user.id, email: user.email, name: user.name ?? user.email };
}
