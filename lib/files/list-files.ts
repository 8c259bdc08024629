import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql, type SQL } from "drizzle-orm";
import { files, FILE_STATUSES, type FileFormat, type FileStatus } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/api/app-error";
import type { FileRow } from "./get-file";

export const FILE_SORTS = ["created_at", "-created_at", "name", "-name", "size", "-size"] as const;
export type FileSort = (typeof FILE_SORTS)[number];

export interface ListFilesQuery {
  format?: FileFormat[];
  tag?: string[];
  status?: FileStatus[];
  q?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  sort: FileSort;
  limit: number;
  cursor?: string;
}

export { FILE_STATUSES };

const SORT_COLUMNS = { created_at: files.createdAt, name: files.name, size: files.sizeBytes } as const;

/** Keyset pagination: the cursor is the last row's sort value and id, so pages never skip or repeat. */
export function listFiles(db: Db, workspaceId: string, query: ListFilesQuery): { data: FileRow[]; nextCursor: string | null } {
  const descending = query.sort.startsWith("-");
  const column = SORT_COLUMNS[query.sort.replace("-", "") as keyof typeof SORT_COLUMNS];
  const conditions: (SQL | undefined)[] = [eq(files.workspaceId, workspaceId)];
  if (query.format?.length) conditions.push(inArray(files.format, query.format));
  if (query.status?.length) conditions.push(inArray(files.status, query.status));
  for (const tag of query.tag ?? []) {
    conditions.push(sql`exists (select 1 from json_each(${files.tags}) where json_each.value = ${tag})`);
  }
  if (query.q) conditions.push(sql`instr(lower(${files.name}), ${query.q.toLowerCase()}) > 0`);
  if (query.createdAfter) conditions.push(gte(files.createdAt, query.createdAfter));
  if (query.createdBefore) conditions.push(lte(files.createdAt, query.createdBefore));
  if (query.cursor) {
    const { value, id } = decodeCursor(query.cursor, query.sort);
    const cmp = descending ? lt : gt;
    const sortValue = column === files.createdAt ? new Date(value as number) : value;
    conditions.push(or(cmp(column, sortValue), and(eq(column, sortValue), cmp(files.id, id))));
  }
  const order = descending ? [desc(column), desc(files.id)] : [asc(column), asc(files.id)];
  const rows = db
    .select()
    .from(files)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit + 1)
    .all();
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > query.limit && last ? encodeCursor(query.sort, last) : null;
  return { data: page, nextCursor };
}

function encodeCursor(sort: FileSort, row: FileRow): string {
  const key = sort.replace("-", "");
  const value = key === "created_at" ? row.createdAt.getTime() : key === "name" ? row.name : row.sizeBytes;
  return Buffer.from(JSON.stringify({ s: sort, v: value, id: row.id })).toString("base64url");
}

function decodeCursor(cursor: string, sort: FileSort): { value: string | number; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (parsed.s === sort && typeof parsed.id === "string" && ["string", "number"].includes(typeof parsed.v)) {
      return { value: parsed.v, id: parsed.id };
    }
  } catch {
    /* fall through to the error */
  }
  throw new AppError("invalid_request", "The cursor is not valid for this query; start again without `cursor`.", { param: "cursor" });
}
