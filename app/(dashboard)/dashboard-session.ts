import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { listUserWorkspaces } from "@/lib/workspaces/memberships";
import { pickLang, translator } from "@/lib/i18n/messages";
import { sessionUser } from "./session-user";

export const WORKSPACE_COOKIE = "bengkel_ws";
export const LANG_COOKIE = "bengkel_lang";

export type Membership = Awaited<ReturnType<typeof listUserWorkspaces>>[number];

export async function currentLang() {
  const jar = await cookies();
  return pickLang(jar.get(LANG_COOKIE)?.value, (await headers()).get("accept-language"));
}

/** The workspace the dashboard shows: the one chosen with the switcher (cookie `bengkel_ws`), else the first. */
export async function currentMembership(memberships: Membership[]): Promise<Membership | undefined> {
  const selectedId = (await cookies()).get(WORKSPACE_COOKIE)?.value;
  return memberships.find((m) => m.workspace.id === selectedId) ?? memberships[0];
}

/** The signed-in user, their workspaces and the selected one; redirects to /login otherwise. */
export async function requireDashboard() {
  const user = await sessionUser();
  if (!user) redirect("/login");
  const db = getDb();
  const memberships = await listUserWorkspaces(db, user.id);
  const current = await currentMembership(memberships);
  if (!current) redirect("/login?error=no_workspace");
  const lang = await currentLang();
  return { db, userId: user.id, email: user.email, memberships, current, lang, t: translator(lang) };
}

export type DashboardSession = Awaited<ReturnType<typeof requireDashboard>>;
