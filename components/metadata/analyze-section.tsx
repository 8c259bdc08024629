import { planAtLeast, type QuotePlan } from "@/lib/plans/plans";
import type { Lang, MessageKey } from "@/lib/i18n/messages";
import { AnalyzePanel } from "./analyze-panel";
import { metadataLabels } from "./metadata-labels";

/** The file page's metadata panel: Analyze for editors on pro plans, the upgrade note on free, nothing for viewers (analysis writes the index). */
export function AnalyzeSection(props: { fileId: string; plan: QuotePlan; editable: boolean; t: (key: MessageKey) => string; lang: Lang }) {
  const { t } = props;
  if (!props.editable) return null;
  return (
    <section className="rounded border border-stone-200 bg-white p-4" aria-label={t("metadata.title")}>
      <h2 className="mb-2 font-medium text-stone-500">{t("metadata.title")}</h2>
      {planAtLeast(props.plan, "pro") ? (
        <AnalyzePanel fileId={props.fileId} labels={metadataLabels(t)} lang={props.lang} />
      ) : (
        <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="metadata-upgrade">
          {t("metadata.upgrade")}{" "}
          <a href="/usage" className="underline">
            {t("usage.price")}
          </a>
        </p>
      )}
    </section>
  );
}
