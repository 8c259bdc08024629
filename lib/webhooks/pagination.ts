import { AppError } from "@/lib/api/app-error";

/** Keyset cursor over (created_at, id) descending: pages never skip or repeat rows. */
export interface PageCursor {
  createdAt: number;
  id: string;
}

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.getTime(), row.id])).toString("base64url");
}

export function decodeCursor(cursor: string): PageCursor {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Number.isFinite(createdAt) && typeof id === "string") return { createdAt, id };
  } catch {
    // fall through to the error below
  }
  throw new AppError("invalid_request", "The cursor is not valid; start again without `cursor`.", { param: "cursor" });
}

/** Given `limit + 1` rows, the page and the cursor of its last row if more follow. */
export function toPage<T extends { createdAt: Date; id: string }, S>(rows: T[], limit: number, serialize: (row: T) => S) {
  const page = rows.slice(0, limit);
  return { data: page.map(serialize), next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null };
}
