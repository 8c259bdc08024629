import "server-only";
import { cookies } from "next/headers";
import { getServerSession } from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";
import { getDb, type Db } from "@/lib/db/client";
import { AppError } from "@/lib/api/app-error";
import { errorResponse } from "@/lib/api/route";
import { jsonResponse, successBody } from "@/lib/api/envelope";
import { randomToken } from "@/lib/ids";
import { publicOrigin } from "@/lib/api/public-origin";
import { listUserWorkspaces, type Role } from "@/lib/workspaces/memberships";
import { WORKSPACE_COOKIE } from "@/app/(dashboard)/dashboard-session";
import { canEdit } from "@/lib/dashboard/roles";

export interface SessionWorkspace {
  db: Db;
  userId: string;
  workspace: ReturnType<typeof listUserWorkspaces>[number]["workspace"];
  role: Role;
}

/**
 * The dashboard's selection (cookie `bengkel_ws`) for route handlers: like
 * requireDashboard() but throws 401/403 AppErrors instead of redirecting, since
 * the caller is the dashboard's own fetch/XHR code, not a page navigation.
 */
export async function requireSessionWorkspace(request: Request, options: { write: boolean }): Promise<SessionWorkspace> {
  // Session cookies ride along on cross-site form posts; a browser always sends Origin with those, so it must be ours.
  if (options.write && !sameOrigin(request)) throw new AppError("forbidden", "Cross-origin request refused.");
  const session = await getServerSession(authOptions);
  const userId = (session?.user as { id?: string } | undefined)?.id;
  if (!userId) throw new AppError("unauthorized", "Sign in to the dashboard first.");
  const db = getDb();
  const memberships = listUserWorkspaces(db, userId);
  const selectedId = (await cookies()).get(WORKSPACE_COOKIE)?.value;
  const current = memberships.find((m) => m.workspace.id === selectedId) ?? memberships[0];
  if (!current) throw new AppError("forbidden", "You are not a member of any workspace.");
  if (options.write && !canEdit(current.role)) throw new AppError("forbidden", "Viewers cannot change this workspace.");
  return { db, userId, workspace: current.workspace, role: current.role };
}

/**
 * The Origin's host must be the dashboard's own public host (the same rule as the links it hands out). The scheme
 * is not compared: behind a TLS proxy without TRUST_PROXY the server sees http while the browser says https.
 */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host === new URL(publicOrigin(request.headers)).host;
  } catch {
    return false;
  }
}

/** Runs a dashboard endpoint and answers in the v1 envelope, so the browser code reads errors like the API's. */
export async function dashboardJson(run: () => Promise<unknown> | unknown, status = 200): Promise<Response> {
  const requestId = `req_${randomToken(20)}`;
  try {
    return jsonResponse(successBody("v1", await run()), status, { "X-Request-Id": requestId });
  } catch (error) {
    return errorResponse("v1", error, requestId);
  }
}
