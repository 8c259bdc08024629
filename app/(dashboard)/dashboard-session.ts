import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";
import { getDb } from "@/lib/db/client";
import { listUserWorkspaces } from "@/lib/workspaces/memberships";
import { pickLang, translator } from "@/lib/i18n/messages";

export const WORKSPACE_COOKIE = "bengkel_ws";
export const LANG_COOKIE = "bengkel_lang";

export async function currentLang() {
  const jar = await cookies();
  return pickLang(jar.get(LANG_COOKIE)?.value, (await headers()).get("accept-language"));
}

/** The signed-in user, their workspaces and the selected one; redirects to /login otherwise. */
export async function requireDashboard() {
  const session = await getServerSession(authOptions);
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!session || !userId) redirect("/login");
  const db = getDb();
  const memberships = listUserWorkspaces(db, userId);
  if (memberships.length === 0) redirect("/login?error=no_workspace");
  const selectedId = (await cookies()).get(WORKSPACE_COOKIE)?.value;
  const current = memberships.find((m) => m.workspace.id === selectedId) ?? memberships[0];
  const lang = await currentLang();
  return { db, userId, email: session.user?.email ?? "", memberships, current, lang, t: translator(lang) };
}
