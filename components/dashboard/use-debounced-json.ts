"use client";

import { useEffect, useState } from "react";

/**
 * GETs a dashboard endpoint 250 ms after `url` last changed (a slider drag or a typed
 * word sends one request, not one per step), cancelling the one in flight. `null`
 * fetches nothing. `data` is the last successful answer's `data`, kept while the
 * next one loads.
 */
export function useDebouncedJson<T>(url: string | null): { data: T | null; pending: boolean; error: string | null } {
  const [data, setData] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setPending(true);
      try {
        const res = await fetch(url, { signal: controller.signal });
        const body = await res.json();
        if (body.success) {
          setData(body.data);
          setError(null);
        } else setError(body.error?.message ?? res.statusText);
      } catch (e) {
        if ((e as Error).name !== "AbortError") setError((e as Error).message);
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
