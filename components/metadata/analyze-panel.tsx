"use client";

import { useState } from "react";
import type { Lang } from "@/lib/i18n/messages";
import type { FileMetadata } from "@/lib/metadata/types";
import type { MetadataLabels } from "./metadata-labels";
import { MetadataView } from "./metadata-view";

/** Runs the analysis on demand (it reads the stored bytes again, so not on every page view) and shows the result. */
export function AnalyzePanel({ fileId, labels, lang }: { fileId: string; labels: MetadataLabels; lang: Lang }) {
  const [metadata, setMetadata] = useState<FileMetadata | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function analyze() {
    setPending(true);
    setError(null);
    try {
      const res = await fetch(`/dashboard-api/files/${fileId}/analyze`, { method: "POST" });
      const body = await res.json();
      if (body.success) setMetadata(body.data.metadata);
      else setError(body.error?.message ?? res.statusText);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={analyze}
          disabled={pending}
          className="rounded bg-orange-600 px-3 py-1 text-sm text-white disabled:opacity-50"
        >
          {pending ? labels.analyzing : labels.analyze}
        </button>
        {!metadata && <span className="text-xs text-stone-500">{labels.intro}</span>}
      </div>
      {error && (
        <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800" data-testid="analyze-error">
          {error}
        </p>
      )}
      {metadata && <MetadataView metadata={metadata} labels={labels} lang={lang} />}
    </div>
  );
}
