"use client";

import Link from "next/link";
import { useState } from "react";
import { useDebouncedJson } from "@/components/dashboard/use-debounced-json";
import type { Lang } from "@/lib/i18n/messages";
import { errorText } from "@/lib/i18n/errors";
import { formatFixed } from "@/components/files/format";
import { Highlighted } from "./highlighted";
import { InterpretationLine } from "./interpretation-line";
import type { SearchInterpretation, SearchLabels, SearchResultRow } from "./search-types";

interface Answer {
  results: SearchResultRow[];
  interpretation: SearchInterpretation;
}

/** Results as you type from /dashboard-api/search, in Indonesian or English. */
export function SearchBox({ labels, lang }: { labels: SearchLabels; lang: Lang }) {
  const [query, setQuery] = useState("");
  const q = query.trim();
  const {
    data: answer,
    pending,
    error,
  } = useDebouncedJson<Answer>(q ? `/dashboard-api/search?q=${encodeURIComponent(q)}` : null);

  const shown = q && answer ? answer : null;
  const description = (h: SearchResultRow["highlights"]) =>
    lang === "id" ? (h.description_id ?? h.description_en) : (h.description_en ?? h.description_id);
  return (
    <section className="space-y-2" aria-label={labels.label}>
      <input
        type="search"
        aria-label={labels.label}
        placeholder={labels.placeholder}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        className="w-full max-w-xl rounded border border-stone-300 px-3 py-2 text-sm"
      />
      {pending && <span className="ml-2 text-xs text-stone-500">{labels.searching}</span>}
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
      {shown && (
        <div className="space-y-2" data-testid="search-results" aria-busy={pending}>
          <InterpretationLine value={shown.interpretation} label={labels.readAs} />
          {shown.results.length === 0 ? (
            <p className="text-sm text-stone-500">{labels.none}</p>
          ) : (
            <ul className="divide-y divide-stone-100 rounded border border-stone-200 bg-white">
              {shown.results.map((r) => {
                const snippet = description(r.highlights);
                return (
                  <li key={r.id} className="p-3 text-sm">
                    <div className="flex items-baseline gap-3">
                      <Link href={`/files/${r.id}`} className="font-medium text-orange-700 hover:underline">
                        <Highlighted text={r.highlights.name ?? r.name} />
                      </Link>
                      <span className="font-mono text-xs text-stone-500">
                        {labels.score} {formatFixed(r.score, 2, lang)}
                      </span>
                    </div>
                    {snippet && (
                      <p className="mt-1 text-stone-600">
                        <Highlighted text={snippet} />
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
