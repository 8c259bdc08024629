"use client";

import { useState } from "react";
import { useDebouncedJson } from "@/components/dashboard/use-debounced-json";
import type { DashboardQuote } from "@/lib/dashboard/quote-for-dashboard";
import type { Lang } from "@/lib/i18n/messages";
import { errorText } from "@/lib/i18n/errors";
import { warningText } from "@/lib/i18n/warnings";
import { LaserQuoteTable, PrintQuoteTable, type QuoteLabels } from "./quote-tables";

/** The server renders the 20 % quote; moving the slider re-quotes through the dashboard endpoint. */
export function QuotePanel(props: { fileId: string; initial: DashboardQuote; labels: QuoteLabels; lang: Lang }) {
  // null until the slider moves: the server's 20 % quote stands, nothing to fetch.
  const [chosen, setChosen] = useState<number | null>(null);
  const infill = chosen ?? 20;
  const { labels, lang } = props;
  const requote = useDebouncedJson<DashboardQuote>(
    chosen === null ? null : `/dashboard-api/files/${props.fileId}/quote?infill=${chosen}`,
  );
  const data = requote.data ?? props.initial;
  const { pending, error } = requote;

  return (
    <div className="space-y-3">
      {data.process === "print_3d" && (
        <div className="flex items-center gap-3 text-sm">
          <span aria-hidden>{labels.infill}</span>
          <input
            type="range"
            aria-label={labels.infill}
            min={0}
            max={100}
            step={1}
            value={infill}
            onChange={(e) => setChosen(Number(e.currentTarget.value))}
            className="w-64"
          />
          <output className="w-10 tabular-nums" data-testid="infill-value">
            {infill}
          </output>
          {pending && <span className="text-xs text-stone-500">{labels.updating}</span>}
        </div>
      )}
      {error && (
        <p
          role="alert"
          className="text-sm text-red-700"
          data-code={error.code}
          title={lang === "id" ? error.message : undefined}
        >
          {errorText(error, lang)}
          {lang === "en" && error.message && <span className="block text-xs">{error.message}</span>}
        </p>
      )}
      <div aria-busy={pending}>
        {data.process === "print_3d" ? (
          <PrintQuoteTable quotes={data.quote.quotes} labels={labels} lang={lang} />
        ) : (
          <LaserQuoteTable quotes={data.quote.quotes} labels={labels} lang={lang} />
        )}
      </div>
      {data.quote.warnings.length > 0 && (
        <div className="text-sm text-amber-800" data-testid="quote-warnings">
          <h3 className="font-medium">{labels.warnings}</h3>
          <ul className="list-disc pl-5">
            {data.quote.warnings.map((w) => (
              <li key={w.code} data-code={w.code}>
                {warningText(w, lang)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
