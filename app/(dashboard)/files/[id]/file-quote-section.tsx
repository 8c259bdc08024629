import type { Db } from "@/lib/db/client";
import type { QuotePlan } from "@/lib/plans/plans";
import { planAllows } from "@/lib/dashboard/permissions";
import { quote3dPrintContract } from "@/lib/contracts/quotes";
import { isAppError } from "@/lib/api/app-error";
import { quoteForDashboard, type DashboardQuote } from "@/lib/dashboard/quote-for-dashboard";
import type { Lang, MessageKey } from "@/lib/i18n/messages";
import { errorText } from "@/lib/i18n/errors";
import { QuotePanel } from "@/components/files/quote-panel";
import { UpgradeNote } from "@/components/dashboard/upgrade-note";

/** The quote panel, or why there is none: the free plan, or geometry the pricer refuses. */
export async function FileQuoteSection(props: {
  db: Db;
  workspace: { id: string; plan: QuotePlan };
  fileId: string;
  versionId: string;
  t: (key: MessageKey) => string;
  lang: Lang;
}) {
  const { t } = props;
  const labels = {
    material: t("quote.material"),
    weight: t("quote.weight"),
    time: t("quote.time"),
    price: t("quote.price"),
    perGram: t("quote.perGram"),
    thickness: t("quote.thickness"),
    cutRate: t("quote.cutRate"),
    pierceFee: t("quote.pierceFee"),
    infill: t("quote.infill"),
    updating: t("quote.updating"),
    warnings: t("quote.warnings"),
  };
  const result = planAllows(props.workspace.plan, quote3dPrintContract) ? await tryQuote(props) : null;
  const body =
    result === null ? (
      <UpgradeNote message={t("quote.upgrade")} linkLabel={t("usage.price")} testId="quote-upgrade" />
    ) : "error" in result ? (
      <p
        role="alert"
        className="text-sm text-red-700"
        data-code={result.error.code}
        title={props.lang === "id" ? result.error.message : undefined}
      >
        {errorText(result.error, props.lang)}
        {props.lang === "en" && <span className="block text-xs">{result.error.message}</span>}
      </p>
    ) : (
      // A new version starts the panel afresh at 20 %.
      <QuotePanel
        key={props.versionId}
        fileId={props.fileId}
        initial={result.quote}
        lang={props.lang}
        labels={labels}
      />
    );
  return (
    <section className="rounded border border-stone-200 bg-white p-4" aria-label={t("quote.title")}>
      <h2 className="mb-2 font-medium text-stone-500">{t("quote.title")}</h2>
      {body}
    </section>
  );
}

type QuoteError = { code: string; message: string; details?: unknown };

async function tryQuote(props: {
  db: Db;
  workspace: { id: string; plan: QuotePlan };
  fileId: string;
}): Promise<{ quote: DashboardQuote } | { error: QuoteError }> {
  try {
    return { quote: await quoteForDashboard(props.db, props.workspace, props.fileId, 20) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { error: { code: error.code, message: error.message, details: error.details } };
  }
}
