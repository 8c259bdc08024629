import { z } from "zod";
import { FILE_FORMATS, FILE_STATUSES } from "@/db/schema";
import { FILE_SORTS, type ListFilesQuery } from "@/lib/files/list-files";

export type SearchParams = Record<string, string | string[] | undefined>;

const many = (v: string | string[] | undefined) =>
  (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((s) => s !== "");
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
const day = z.iso.date();

/** The list page's filters live in the URL; anything malformed is ignored rather than failing the page. */
export function filesQueryFromSearch(
  params: SearchParams,
): ListFilesQuery & { tagText: string; from?: string; to?: string } {
  const from = day.safeParse(one(params.from)).data;
  const to = day.safeParse(one(params.to)).data;
  const sort = FILE_SORTS.find((s) => s === one(params.sort)) ?? "-created_at";
  const tag = one(params.tag)?.toLowerCase();
  return {
    format: many(params.format).filter((f): f is (typeof FILE_FORMATS)[number] =>
      (FILE_FORMATS as readonly string[]).includes(f),
    ),
    status: many(params.status).filter((s): s is (typeof FILE_STATUSES)[number] =>
      (FILE_STATUSES as readonly string[]).includes(s),
    ),
    tag: tag ? [tag] : undefined,
    tagText: tag ?? "",
    q: one(params.q),
    from,
    to,
    createdAfter: from ? new Date(`${from}T00:00:00.000Z`) : undefined,
    // "Until" a day includes that whole day.
    createdBefore: to ? new Date(`${to}T23:59:59.999Z`) : undefined,
    sort,
    limit: 25,
    cursor: one(params.cursor),
  };
}

/** The same filters with another cursor, for the "next page" link. */
export function searchWithCursor(params: SearchParams, cursor: string | null): string {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (name !== "cursor") for (const v of many(value)) out.append(name, v);
  }
  if (cursor) out.set("cursor", cursor);
  const text = out.toString();
  return text ? `?${text}` : "";
}
