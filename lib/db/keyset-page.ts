import { and, asc, desc, eq, gt, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { DomainError } from "@/lib/errors";

/** The one pagination of every list (files, webhooks, deliveries, VPS, zones, records, buckets, mailboxes). */
export interface PageQuery {
  limit: number;
  cursor?: string;
}

export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

export interface Keyset {
  sort: SQLiteColumn;
  id: SQLiteColumn;
  descending: boolean;
  /** Names the ordering inside the cursor, so a cursor from another ordering is refused rather than misread. */
  tag?: string;
}

/** The usual order of a list: newest first. */
export const newestFirst = (sort: SQLiteColumn, id: SQLiteColumn): Keyset => ({ sort, id, descending: true });

/**
 * Keyset pagination on (sort column, id): the cursor holds the last row's values, so pages never skip or repeat
 * while rows are added. `after` is the WHERE condition for the page after `cursor`, `order` its ORDER BY.
 */
export function keyset(spec: Keyset, cursor: string | undefined): { after: SQL | undefined; order: SQL[] } {
  const order = spec.descending ? [desc(spec.sort), desc(spec.id)] : [asc(spec.sort), asc(spec.id)];
  if (!cursor) return { after: undefined, order };
  const { v, id } = decodeCursor(cursor, spec.tag);
  const value = typeof v === "number" && isTimestamp(spec.sort) ? new Date(v) : v;
  const past = spec.descending ? lt : gt;
  return { after: or(past(spec.sort, value), and(eq(spec.sort, value), past(spec.id, id))), order };
}

/** Given `limit + 1` rows, the page and the cursor of its last row when more remain. */
export function keysetPage<T>(
  rows: T[],
  limit: number,
  key: (row: T) => { v: Date | string | number; id: string },
  tag?: string,
): KeysetPage<T> {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  if (rows.length <= limit || !last) return { items, nextCursor: null };
  const { v, id } = key(last);
  const value = v instanceof Date ? v.getTime() : v;
  return { items, nextCursor: Buffer.from(JSON.stringify({ s: tag, v: value, id })).toString("base64url") };
}

const isTimestamp = (column: SQLiteColumn) => column.columnType === "SQLiteTimestamp";

function decodeCursor(cursor: string, tag: string | undefined): { v: string | number; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (parsed.s === tag && typeof parsed.id === "string" && ["string", "number"].includes(typeof parsed.v))
      return parsed;
  } catch {
    /* fall through to the error */
  }
  throw new DomainError("invalid_request", "The cursor is not valid for this query; start again without `cursor`.", {
    param: "cursor",
  });
}
