import Link from "next/link";
import { notFound } from "next/navigation";
import { requireDashboard } from "../../dashboard-session";
import { changeStatusAction, editFileAction } from "../actions";
import { getFileVersion } from "@/lib/files/get-file";
import { listVersions } from "@/lib/files/list-versions";
import { listStatusEvents } from "@/lib/files/change-file-status";
import { isAppError } from "@/lib/api/app-error";
import { can } from "@/lib/dashboard/permissions";
import { FileEditForm } from "@/components/files/file-edit-form";
import { GeometryFacts } from "@/components/files/geometry-facts";
import { StatusBadge } from "@/components/files/status-badge";
import { StatusControls } from "@/components/files/status-controls";
import { StatusHistory } from "@/components/files/status-history";
import { UploadZone } from "@/components/files/upload-zone";
import { VersionList } from "@/components/files/version-list";
import { FileQuoteSection } from "./file-quote-section";
import { createShareLinkAction, revokeShareLinkAction } from "./share-actions";
import { ShareDialog } from "@/components/files/share-dialog";
import { ModelViewer } from "@/components/viewer/model-viewer";
import { AnalyzeSection } from "@/components/metadata/analyze-section";
import { viewerFactsFor } from "@/lib/viewer/viewer-facts";
import { listViewerTokens, viewerTokenState } from "@/lib/viewer/viewer-tokens";
import { uploadLabels } from "@/components/files/upload-labels";

export default async function FilePage({ params }: { params: Promise<{ id: string }> }) {
  const { db, current, t, lang } = await requireDashboard();
  const { id } = await params;
  let found;
  try {
    found = await getFileVersion(db, current.workspace.id, id);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
  const { file, version } = found;
  const editable = can(current.role, "edit_files");
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <Link href="/files" className="text-sm text-orange-700 hover:underline">
          ← {t("file.back")}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold">{file.name}</h1>
          <StatusBadge status={file.status} label={t(`status.${file.status}`)} />
          <span className="font-mono text-xs text-stone-500">
            {file.format.toUpperCase()} · {t(`kind.${file.kind}`)}
          </span>
        </div>
      </div>
      {editable && (
        <>
          <FileEditForm
            key={file.updatedAt.getTime()}
            action={editFileAction}
            fileId={file.id}
            name={file.name}
            tags={file.tags}
            labels={{ title: t("file.edit"), name: t("files.name"), tags: t("file.tagsHint"), save: t("file.save") }}
          />
          <StatusControls
            action={changeStatusAction}
            fileId={file.id}
            status={file.status}
            canDecide={can(current.role, "decide_approval")}
            labels={{
              submit: t("file.submit"),
              approve: t("file.approve"),
              reject: t("file.reject"),
              reason: t("file.rejectReason"),
              approvers: t("file.approvers"),
            }}
          />
        </>
      )}
      <section
        aria-label={t("viewer.title")}
        className="h-[480px] overflow-hidden rounded border border-stone-200 bg-white"
      >
        <ModelViewer
          src={`/dashboard-api/files/${file.id}/display?v=${version.id}`}
          facts={viewerFactsFor(file, version, lang)}
          options={{ lang }}
        />
      </section>
      {can(current.role, "share_files") && (
        <ShareDialog
          fileId={file.id}
          create={createShareLinkAction}
          revoke={revokeShareLinkAction}
          lang={lang}
          links={(await listViewerTokens(db, current.workspace.id, file.id)).map((row) => ({
            id: row.id,
            state: viewerTokenState(row),
            createdAt: row.createdAt.toISOString(),
            expiresAt: row.expiresAt?.toISOString() ?? null,
            allowDownload: row.allowDownload,
          }))}
          labels={{
            title: t("share.title"),
            intro: t("share.intro"),
            expires: t("share.expires"),
            pin: t("share.pin"),
            allowDownload: t("share.allowDownload"),
            lang: t("share.lang"),
            create: t("share.create"),
            snippet: t("share.snippet"),
            copy: t("keys.copy"),
            copied: t("keys.copied"),
            links: t("share.links"),
            none: t("share.none"),
            revoke: t("keys.revoke"),
            active: t("share.active"),
            revoked: t("share.revoked"),
            expired: t("share.expired"),
            download: t("share.download"),
            expiresAt: t("share.expiresAt"),
            never: t("share.never"),
          }}
        />
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_2fr]">
        <GeometryFacts analysis={version.analysis} t={t} lang={lang} />
        <FileQuoteSection
          db={db}
          workspace={current.workspace}
          fileId={file.id}
          versionId={version.id}
          t={t}
          lang={lang}
        />
      </div>
      <AnalyzeSection
        key={version.id}
        fileId={file.id}
        plan={current.workspace.plan}
        editable={editable}
        t={t}
        lang={lang}
      />
      <section className="space-y-3" aria-labelledby="versions-heading">
        <h2 id="versions-heading" className="text-lg font-semibold">
          {t("file.versions")}
        </h2>
        {can(current.role, "upload") && (
          <div>
            <h3 className="mb-1 text-sm text-stone-500">{t("file.uploadVersion")}</h3>
            <UploadZone
              endpoint={`/dashboard-api/files/${file.id}/versions`}
              multiple={false}
              inputId="upload-version"
              labels={uploadLabels(t, "file.uploadVersion")}
              lang={lang}
            />
          </div>
        )}
        <VersionList versions={await listVersions(db, current.workspace.id, file.id)} t={t} lang={lang} />
      </section>
      <StatusHistory events={await listStatusEvents(db, current.workspace.id, file.id)} t={t} lang={lang} />
    </div>
  );
}
