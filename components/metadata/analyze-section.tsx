import type { QuotePlan } from "@/lib/plans/plans";
import { planAllows } from "@/lib/dashboard/permissions";
import { analyzeFileContract } from "@/lib/contracts/search";
import type { Lang, MessageKey } from "@/lib/i18n/messages";
import { AnalyzePanel } from "./analyze-panel";
import { metadataLabels } from "./metadata-labels";
import { UpgradeNote } from "@/components/dashboard/upgrade-note";

/** The file page's metadata panel: Analyze for editors on pro plans, the upgrade note on free, nothing for viewers (analysis writes the index). */
export function AnalyzeSection(props: {
  fileId: string;
  plan: QuotePlan;
  editable: boolean;
  t: (key: MessageKey) => string;
  lang: Lang;
}) {
  const { t } = props;
  if (!props.editable) return null;
  return (
    <section className="rounded border border-stone-200 bg-white p-4" aria-label={t("metadata.title")}>
      <h2 className="mb-2 font-medium text-stone-500">{t("metadata.title")}</h2>
      {planAllows(props.plan, analyzeFileContract) ? (
        <AnalyzePanel fileId={props.fileId} labels={metadataLabels(t)} lang={props.lang} />
      ) : (
        <UpgradeNote message={t("metadata.upgrade")} linkLabel={t("usage.price")} testId="metadata-upgrade" />
      )}
    </section>
  );
}
