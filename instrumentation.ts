/** Runs once when the server starts: bring the database schema up to date before the first request. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getDb } = await import("@/lib/db/client");
  getDb();
}
