import { FILE_FORMATS, FILE_STATUSES } from "@/db/schema";
import Link from "next/link";
import { FILE_SORTS, type FileSort } from "@/lib/files/list-files";
import type { MessageKey } from "@/lib/i18n/messages";

const SORT_LABELS: Record<FileSort, MessageKey> = {
  "-created_at": "files.sort.newest",
  created_at: "files.sort.oldest",
  name: "files.sort.nameAsc",
  "-name": "files.sort.nameDesc",
  "-size": "files.sort.largest",
  size: "files.sort.smallest",
};

const input = "mt-1 block w-full rounded border border-stone-300 bg-white px-2 py-1";

/** A plain GET form: the filters become the URL, so a filtered list can be bookmarked and shared. */
export function FileFilters(props: {
  t: (key: MessageKey) => string;
  value: { format?: string[]; status?: string[]; tag: string; q?: string; from?: string; to?: string; sort: FileSort };
}) {
  const { t, value } = props;
  return (
    <form
      method="get"
      action="/files"
      className="grid gap-3 rounded border border-stone-200 bg-white p-4 text-sm sm:grid-cols-4"
      aria-label={t("files.filters")}
    >
      <label>
        {t("files.search")}
        <input name="q" type="search" defaultValue={value.q ?? ""} className={input} />
      </label>
      <label>
        {t("files.tag")}
        <input name="tag" defaultValue={value.tag} className={input} />
      </label>
      <label>
        {t("files.from")}
        <input name="from" type="date" defaultValue={value.from ?? ""} className={input} />
      </label>
      <label>
        {t("files.to")}
        <input name="to" type="date" defaultValue={value.to ?? ""} className={input} />
      </label>
      <label>
        {t("files.format")}
        <select name="format" multiple defaultValue={value.format ?? []} className={`${input} h-24`}>
          {FILE_FORMATS.map((f) => (
            <option key={f} value={f}>
              {f.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("files.status")}
        <select name="status" multiple defaultValue={value.status ?? []} className={`${input} h-24`}>
          {FILE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("files.sort")}
        <select name="sort" defaultValue={value.sort} className={input}>
          {FILE_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(SORT_LABELS[s])}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end gap-2">
        <button className="rounded bg-stone-900 px-4 py-1.5 text-white">{t("files.apply")}</button>
        <Link href="/files" className="rounded bg-stone-100 px-4 py-1.5">
          {t("files.reset")}
        </Link>
      </div>
    </form>
  );
}
