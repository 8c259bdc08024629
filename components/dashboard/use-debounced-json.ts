"use client";

import { useEffect, useState } from "react";

/** A failed request as the API reports it: a `code` the dictionary words (lib/i18n/errors.ts), the API's English `message`, its `details`. */
export interface JsonError {
  code: string;
  message: string;
  details?: unknown;
}

/**
 * GETs a dashboard endpoint 250 ms after `url` last changed (a slider drag or a typed
 * word sends one request, not one per step), cancelling the one in flight. `null`
 * fetches nothing. `data` is the last successful answer's `data`, kept while the
 * next one loads. `error` keeps the API's code, so the caller shows it in the reader's
 * language with `errorText`; a request that never got an answer is `request_network`.
 */
export function useDebouncedJson<T>(url: string | null): { data: T | null; pending: boolean; error: JsonError | null } {
  const [data, setData] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<JsonError | null>(null);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setPending(true);
      try {
        const res = await fetch(url, { signal: controller.signal });
        const body = await res.json().catch(() => null);
        if (body?.success) {
          setData(body.data);
          setError(null);
        } else {
          const e = body?.error;
          setError({
            code: typeof e?.code === "string" ? e.code : "request_failed",
            message: e?.message ?? res.statusText,
            details: e?.details,
          });
        }
      } catch (e) {
        if ((e as Error).name !== "AbortError") setError({ code: "request_network", message: (e as Error).message });
      } finally {
        if (!controller.signal.aborted) setPending(false);
      }
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [url]);

  return { data, pending, error };
}
