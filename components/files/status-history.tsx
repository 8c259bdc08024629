import type { listStatusEvents } from "@/lib/files/change-file-status";
import type { Lang, MessageKey } from "@/lib/i18n/messages";
import { formatDate } from "./format";

type StatusEvent = Awaited<ReturnType<typeof listStatusEvents>>[number];

export function StatusHistory({
  events,
  t,
  lang,
}: {
  events: StatusEvent[];
  t: (key: MessageKey) => string;
  lang: Lang;
}) {
  return (
    <section className="text-sm" aria-label={t("file.history")}>
      <h2 className="font-medium text-stone-500">{t("file.history")}</h2>
      {events.length === 0 ? (
        <p className="mt-1 text-stone-500">{t("file.noHistory")}</p>
      ) : (
        <ol className="mt-1 space-y-1" data-testid="status-history">
          {events.map((e) => (
            <li key={e.at + e.to}>
              <span className="text-xs text-stone-500">{formatDate(e.at, lang)}</span> {t(`status.${e.from}`)} →{" "}
              <strong>{t(`status.${e.to}`)}</strong>{" "}
              <span className="text-xs text-stone-500">({e.actor_name ?? e.actor})</span>
              {e.reason && <span className="ml-1 italic">“{e.reason}”</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
