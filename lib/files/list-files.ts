import { and, eq, gte, inArray, lte, type SQL } from "drizzle-orm";
import { keyset, keysetPage } from "@/lib/db/keyset-page";
import { files, FILE_STATUSES, type FileFormat, type FileStatus } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { containsLower, jsonArrayHas } from "@/lib/db/portable-sql";
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
export async function listFiles(
  db: Db,
  workspaceId: string,
  query: ListFilesQuery,
): Promise<{ data: FileRow[]; nextCursor: string | null }> {
  const descending = query.sort.startsWith("-");
  const column = SORT_COLUMNS[query.sort.replace("-", "") as keyof typeof SORT_COLUMNS];
  const conditions: (SQL | undefined)[] = [eq(files.workspaceId, workspaceId)];
  if (query.format?.length) conditions.push(inArray(files.format, query.format));
  if (query.status?.length) conditions.push(inArray(files.status, query.status));
  for (const tag of query.tag ?? []) {
    conditions.push(jsonArrayHas(db, files.tags, tag));
  }
  if (query.q) conditions.push(containsLower(db, files.name, query.q.toLowerCase()));
  if (query.createdAfter) conditions.push(gte(files.createdAt, query.createdAfter));
  if (query.createdBefore) conditions.push(lte(files.createdAt, query.createdBefore));
  const { after, order } = keyset({ sort: column, id: files.id, descending, tag: query.sort }, query.cursor);
  conditions.push(after);
  const rows = await db
    .select()
    .from(files)
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit + 1);
  const sortKey = query.sort.replace("-", "");
  const { items: page, nextCursor } = keysetPage(
    rows,
    query.limit,
    (row) => ({
      v: sortKey === "created_at" ? row.createdAt : sortKey === "name" ? row.name : row.sizeBytes,
      id: row.id,
    }),
    query.sort,
  );
  return { data: page, nextCursor };
}
