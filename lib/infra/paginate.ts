import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { AppError } from "@/lib/api/app-error";

export interface PageQuery {
  limit: number;
  cursor?: string;
}

/**
 * Keyset pagination, newest first, on (sort column, id): the cursor holds the
 * last row's values, so pages never skip or repeat while rows are added.
 */
export function afterCursor(sortColumn: SQLiteColumn, idColumn: SQLiteColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const { v, id } = decodeCursor(cursor);
  const value = typeof v === "number" ? new Date(v) : v;
  return or(lt(sortColumn, value), and(eq(sortColumn, value), lt(idColumn, id)));
}

export const newestFirst = (sortColumn: SQLiteColumn, idColumn: SQLiteColumn) => [desc(sortColumn), desc(idColumn)];

/** Call with `limit + 1` rows fetched; returns the page and the cursor of its last row when more remain. */
export function toPage<T>(rows: T[], limit: number, key: (row: T) => { v: Date | string; id: string }): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  if (rows.length <= limit || !last) return { items, nextCursor: null };
  const { v, id } = key(last);
  const value = v instanceof Date ? v.getTime() : v;
  return { items, nextCursor: Buffer.from(JSON.stringify({ v: value, id })).toString("base64url") };
}

function decodeCursor(cursor: string): { v: string | number; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (typeof parsed.id === "string" && ["string", "number"].includes(typeof parsed.v)) return parsed;
  } catch {
    /* fall through to the error */
  }
  throw new AppError("invalid_request", "The cursor is not valid; start again without `cursor`.", { param: "cursor" });
}
