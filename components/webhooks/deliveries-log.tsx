import type { listWebhookDeliveries } from "@/lib/webhooks/webhook-deliveries";
import type { Lang, MessageKey } from "@/lib/i18n/messages";
import { formatDate } from "@/components/files/format";
import { formatNumber } from "@/lib/i18n/format";
import { retryDeliveryAction } from "@/app/(dashboard)/webhooks/actions";
import { ActionButton } from "@/components/dashboard/action-button";

type Delivery = Awaited<ReturnType<typeof listWebhookDeliveries>>["items"][number];

const STATUS_COLORS: Record<Delivery["status"], string> = {
  pending: "text-amber-800",
  succeeded: "text-green-800",
  failed: "text-red-700",
};

export function DeliveriesLog(props: {
  webhookId: string;
  deliveries: Delivery[];
  manage: boolean;
  t: (key: MessageKey) => string;
  lang: Lang;
}) {
  const { t, lang } = props;
  if (props.deliveries.length === 0) return <p className="text-xs text-stone-500">{t("webhooks.noDeliveries")}</p>;
  return (
    <table className="w-full border-collapse text-xs" aria-label={t("webhooks.deliveries")} data-testid="deliveries">
      <thead>
        <tr className="border-b text-left text-stone-500">
          <th className="p-1">{t("webhooks.event")}</th>
          <th className="p-1">{t("webhooks.deliveryStatus")}</th>
          <th className="p-1">{t("webhooks.attempts")}</th>
          <th className="p-1">{t("webhooks.response")}</th>
          <th className="p-1">{t("webhooks.nextAttempt")}</th>
          <th className="p-1" />
        </tr>
      </thead>
      <tbody>
        {props.deliveries.map((d) => (
          <tr key={d.id} className="border-b align-top" data-testid="delivery">
            <td className="p-1">
              <span className="font-mono">{d.event.type}</span>
              <span className="block text-stone-500">{formatDate(d.created_at, lang)}</span>
            </td>
            <td className={`p-1 font-medium ${STATUS_COLORS[d.status]}`} data-testid="delivery-status">
              {t(`delivery.${d.status}`)}
            </td>
            <td className="p-1" data-testid="delivery-attempts">
              {d.attempt_count}
            </td>
            <td className="p-1">
              <ol className="space-y-0.5">
                {d.attempts.map((a) => (
                  <li key={a.number}>
                    #{a.number} <strong data-testid="attempt-status">{a.status_code ?? "—"}</strong> ·{" "}
                    {formatNumber(a.duration_ms, lang)} ms
                    {a.error && <span className="text-red-700"> · {a.error}</span>}
                    {a.response_snippet && (
                      <code className="block max-w-md truncate text-stone-500">{a.response_snippet}</code>
                    )}
                  </li>
                ))}
              </ol>
            </td>
            <td className="p-1">{d.next_attempt_at ? formatDate(d.next_attempt_at, lang) : "—"}</td>
            <td className="p-1">
              {props.manage && d.status === "failed" && (
                <ActionButton
                  action={retryDeliveryAction}
                  fields={{ webhookId: props.webhookId, deliveryId: d.id }}
                  label={t("webhooks.retry")}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
