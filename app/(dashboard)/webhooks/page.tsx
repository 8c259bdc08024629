import Link from "next/link";
import { requireDashboard } from "../dashboard-session";
import {
  createWebhookAction,
  deleteWebhookAction,
  rotateSecretAction,
  setEnabledAction,
  testWebhookAction,
} from "./actions";
import { can, planAllows } from "@/lib/dashboard/permissions";
import { createWebhookContract } from "@/lib/contracts/webhooks";
import { listWebhooks } from "@/lib/webhooks/manage-webhooks";
import { listWebhookDeliveries } from "@/lib/webhooks/webhook-deliveries";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/lib/webhooks/event-catalog";
import { CreateWebhookForm } from "@/components/webhooks/create-webhook-form";
import { ActionButton } from "@/components/dashboard/action-button";
import { DeliveriesLog } from "@/components/webhooks/deliveries-log";
import { UpgradeNote } from "@/components/dashboard/upgrade-note";
import { disabledReasonCode, disabledReasonText } from "@/lib/i18n/webhook-reasons";

export default async function WebhooksPage() {
  const { db, current, t, lang } = await requireDashboard();
  const pro = planAllows(current.workspace.plan, createWebhookContract);
  const manage = pro && can(current.role, "manage_webhooks");
  const webhooks = pro ? (await listWebhooks(db, current.workspace.id, { limit: 100 })).items : [];
  const deliveries = await Promise.all(
    webhooks.map(async (hook) => (await listWebhookDeliveries(db, current.workspace.id, hook.id, { limit: 20 })).items),
  );
  const secretLabels = { note: t("webhooks.secretOnce"), copy: t("keys.copy"), copied: t("keys.copied") };
  return (
    <div className="max-w-5xl space-y-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">{t("webhooks.title")}</h1>
        {pro && (
          <Link href="/webhooks" className="rounded bg-stone-100 px-3 py-1 text-sm" prefetch={false}>
            {t("webhooks.refresh")}
          </Link>
        )}
      </div>
      <p className="text-sm text-stone-600">{t("webhooks.intro")}</p>
      {!pro && <UpgradeNote message={t("webhooks.upgrade")} linkLabel={t("usage.price")} testId="webhooks-upgrade" />}
      {pro && !manage && <p className="text-sm text-stone-500">{t("webhooks.readOnly")}</p>}
      {manage && (
        <CreateWebhookForm
          action={createWebhookAction}
          events={SUBSCRIBABLE_EVENT_TYPES.map((type) => ({ type, description: t(`webhooks.event.${type}`) }))}
          labels={{
            url: t("webhooks.url"),
            events: t("webhooks.events"),
            description: t("webhooks.description"),
            create: t("webhooks.create"),
          }}
          secretLabels={secretLabels}
        />
      )}
      {pro && webhooks.length === 0 && <p className="text-sm text-stone-500">{t("webhooks.none")}</p>}
      {webhooks.map((hook, i) => (
        <section
          key={hook.id}
          className="space-y-3 rounded border border-stone-200 bg-white p-4"
          aria-label={hook.url}
          data-testid="webhook"
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className="font-mono text-sm break-all">{hook.url}</p>
              {hook.description && <p className="text-sm text-stone-600">{hook.description}</p>}
              <p className="mt-1 text-xs text-stone-500">{hook.events.join(", ")}</p>
              <p
                className={`mt-1 text-xs font-medium ${hook.enabled ? "text-green-800" : "text-red-700"}`}
                data-testid="webhook-state"
                data-reason={hook.disabled_reason ? (disabledReasonCode(hook.disabled_reason) ?? "other") : undefined}
                title={!hook.enabled && lang === "id" ? (hook.disabled_reason ?? undefined) : undefined}
              >
                {hook.enabled
                  ? t("webhooks.enabled")
                  : [t("webhooks.disabled"), disabledReasonText(hook.disabled_reason, lang)]
                      .filter(Boolean)
                      .join(" — ")}
              </p>
            </div>
            {manage && (
              <div className="flex flex-wrap items-start gap-2">
                {hook.enabled && (
                  <ActionButton action={testWebhookAction} fields={{ webhookId: hook.id }} label={t("webhooks.test")} />
                )}
                <ActionButton
                  action={setEnabledAction}
                  fields={{ webhookId: hook.id, enabled: String(!hook.enabled) }}
                  label={hook.enabled ? t("webhooks.disable") : t("webhooks.enable")}
                />
                <ActionButton
                  action={rotateSecretAction}
                  fields={{ webhookId: hook.id }}
                  label={t("webhooks.rotate")}
                  confirmText={t("webhooks.rotateConfirm")}
                  secretLabels={secretLabels}
                />
                <ActionButton
                  action={deleteWebhookAction}
                  fields={{ webhookId: hook.id }}
                  label={t("webhooks.delete")}
                  confirmText={t("webhooks.deleteConfirm")}
                  tone="danger"
                />
              </div>
            )}
          </div>
          <div>
            <h2 className="mb-1 text-sm font-medium text-stone-500">{t("webhooks.deliveries")}</h2>
            <DeliveriesLog webhookId={hook.id} deliveries={deliveries[i]} manage={manage} t={t} lang={lang} />
          </div>
        </section>
      ))}
    </div>
  );
}
