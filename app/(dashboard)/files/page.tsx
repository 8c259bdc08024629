import Link from "next/link";
import { requireDashboard } from "../dashboard-session";
import { listFiles } from "@/lib/files/list-files";
import { isAppError } from "@/lib/api/app-error";
import { FileFilters } from "@/components/files/file-filters";
import { FilesTable } from "@/components/files/files-table";
import { UploadZone } from "@/components/files/upload-zone";
import { FilesSearch } from "@/components/search/files-search";
import { filesQueryFromSearch, searchWithCursor, type SearchParams } from "./files-query";
import { uploadLabels } from "@/components/files/upload-labels";
import { can } from "@/lib/dashboard/permissions";

export default async function FilesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { db, current, t, lang } = await requireDashboard();
  const params = await searchParams;
  const query = filesQueryFromSearch(params);
  let page;
  try {
    page = await listFiles(db, current.workspace.id, query);
  } catch (error) {
    // A stale cursor (filters changed under it) restarts from the first page.
    if (!isAppError(error)) throw error;
    page = await listFiles(db, current.workspace.id, { ...query, cursor: undefined });
  }
  return (
    <div className="max-w-6xl space-y-6">
      <h1 className="text-2xl font-semibold">{t("files.title")}</h1>
      <FilesSearch plan={current.workspace.plan} t={t} lang={lang} />
      <section aria-label={t("files.upload")}>
        <h2 className="mb-2 text-sm font-medium text-stone-500">{t("files.upload")}</h2>
        {!can(current.role, "upload") ? (
          <p className="text-sm text-stone-500">{t("files.viewerNoUpload")}</p>
        ) : (
          <UploadZone
            endpoint="/dashboard-api/files"
            multiple
            inputId="upload-files"
            labels={uploadLabels(t, "files.choose")}
            lang={lang}
          />
        )}
      </section>
      <FileFilters t={t} value={{ ...query, tag: query.tagText }} />
      <FilesTable files={page.data} t={t} lang={lang} />
      <nav className="flex gap-3 text-sm">
        {query.cursor && (
          <Link href={`/files${searchWithCursor(params, null)}`} className="rounded bg-stone-100 px-3 py-1">
            {t("files.firstPage")}
          </Link>
        )}
        {page.nextCursor && (
          <Link href={`/files${searchWithCursor(params, page.nextCursor)}`} className="rounded bg-stone-100 px-3 py-1">
            {t("files.nextPage")}
          </Link>
        )}
      </nav>
    </div>
  );
}
