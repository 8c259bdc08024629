import { requireDashboard } from "../dashboard-session";
import { getUsageToday } from "@/lib/usage/consume-request";
import { INFRA_REQUESTS_PER_MINUTE } from "@/lib/plans/plans";
import { formatIdr, formatNumber } from "@/lib/i18n/format";

const PRO_PRICE_IDR = 149_000;

export default async function UsagePage() {
  const { db, current, t, lang } = await requireDashboard();
  const usage = await getUsageToday(db, current.workspace);
  const share = usage.limit ? Math.min(1, usage.used / usage.limit) : 0;
  return (
    <div className="max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold">{t("usage.title")}</h1>
      <section className="rounded border border-stone-200 bg-white p-4">
        <h2 className="text-sm font-medium text-stone-500">{t("usage.today")}</h2>
        <p className="mt-2 text-3xl font-semibold" data-testid="usage-count">
          {formatNumber(usage.used, lang)}{" "}
          <span className="text-base font-normal text-stone-500">
            {t("usage.of")} {usage.limit === null ? t("usage.unlimited") : formatNumber(usage.limit, lang)}
          </span>
        </p>
        {usage.limit !== null && (
          <div
            className="mt-3 h-2 rounded bg-stone-100"
            role="progressbar"
            aria-valuenow={usage.used}
            aria-valuemax={usage.limit}
          >
            <div
              className={`h-2 rounded ${share > 0.9 ? "bg-red-600" : "bg-orange-600"}`}
              style={{ width: `${share * 100}%` }}
            />
          </div>
        )}
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="text-stone-500">{t("ws.plan")}</dt>
          <dd className="font-medium">{current.workspace.plan}</dd>
          <dt className="text-stone-500">{t("usage.rejected")}</dt>
          <dd>{formatNumber(usage.rejected, lang)}</dd>
          <dt className="text-stone-500">{t("usage.resets")}</dt>
          <dd>{usage.resetAt.toISOString().replace("T", " ").slice(0, 16)} UTC</dd>
          <dt className="text-stone-500">{t("usage.price")}</dt>
          <dd>{formatIdr(PRO_PRICE_IDR, lang)}</dd>
        </dl>
      </section>
      <section className="rounded border border-stone-200 bg-white p-4 text-sm">
        <h2 className="font-medium text-stone-500">{t("usage.infra")}</h2>
        <p className="mt-2">
          {current.workspace.infraPlan}: {formatNumber(INFRA_REQUESTS_PER_MINUTE[current.workspace.infraPlan], lang)}{" "}
          {t("usage.perMinute")}
        </p>
      </section>
    </div>
  );
}
