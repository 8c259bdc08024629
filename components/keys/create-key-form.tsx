"use client";

import { useActionState, useState } from "react";
import type { CreateKeyState } from "@/app/(dashboard)/actions";

type Labels = Record<"name" | "scopes" | "allScopes" | "expires" | "create" | "created" | "copy" | "copied", string>;

export function CreateKeyForm(props: {
  action: (prev: CreateKeyState, data: FormData) => Promise<CreateKeyState>;
  scopes: readonly string[];
  labels: Labels;
}) {
  const [state, formAction, pending] = useActionState(props.action, {});
  const [copied, setCopied] = useState(false);
  const { labels } = props;
  return (
    <div className="rounded border border-stone-200 bg-white p-4">
      <form action={formAction} className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm">
          {labels.name}
          <input name="name" required maxLength={100} className="mt-1 block w-full rounded border border-stone-300 px-2 py-1" />
        </label>
        <label className="text-sm">
          {labels.expires}
          <input name="expiresInDays" type="number" min={1} max={3650} className="mt-1 block w-full rounded border border-stone-300 px-2 py-1" />
        </label>
        <fieldset className="text-sm sm:col-span-2">
          <legend>
            {labels.scopes} <span className="text-stone-500">— {labels.allScopes}</span>
          </legend>
          <div className="mt-1 flex flex-wrap gap-3">
            {props.scopes.map((scope) => (
              <label key={scope} className="flex items-center gap-1 font-mono text-xs">
                <input type="checkbox" name="scopes" value={scope} /> {scope}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-2">
          <button disabled={pending} className="rounded bg-orange-700 px-4 py-1.5 text-white hover:bg-orange-800 disabled:opacity-50">
            {labels.create}
          </button>
        </div>
      </form>
      {state.error && <p role="alert" className="mt-3 text-sm text-red-700">{state.error}</p>}
      {state.secret && (
        <div className="mt-4 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="new-key">
          <p>{labels.created}</p>
          <div className="mt-2 flex items-center gap-2">
            <code className="flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs" data-testid="new-key-secret">
              {state.secret}
            </code>
            <button
              type="button"
              className="rounded bg-stone-900 px-3 py-1 text-white"
              onClick={async () => {
                await navigator.clipboard?.writeText(state.secret!).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? labels.copied : labels.copy}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
