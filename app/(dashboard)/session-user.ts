import "server-only";
import { getServerSession } from "next-auth";
import { authOptions } from "@/app/api/auth/auth-options";

export interface SessionUser {
  id: string;
  email: string;
}

/**
 * The signed-in user behind this request, or null. Every dashboard page, server action and dashboard-api route
 * reads the session through this one function, so tests replace it (vi.mock) instead of forging next-auth cookies.
 */
export async function sessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions);
  const id = (session?.user as { id?: string } | undefined)?.id;
  return session && id ? { id, email: session.user?.email ?? "" } : null;
}
