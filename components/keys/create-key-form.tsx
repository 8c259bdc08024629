"use client";

import { useActionState } from "react";
import { SecretBox } from "@/components/dashboard/secret-box";
import type { CreateKeyState } from "@/app/(dashboard)/actions";
import { SubmitButton } from "@/components/dashboard/submit-button";

type Labels = Record<"name" | "scopes" | "allScopes" | "expires" | "create" | "created" | "copy" | "copied", string>;

export function CreateKeyForm(props: {
  action: (prev: CreateKeyState, data: FormData) => Promise<CreateKeyState>;
  scopes: readonly string[];
  labels: Labels;
}) {
  const [state, formAction, pending] = useActionState(props.action, {});
  const { labels } = props;
  return (
    <div className="rounded border border-stone-200 bg-white p-4">
      <form action={formAction} className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm">
          {labels.name}
          <input
            name="name"
            required
            maxLength={100}
            className="mt-1 block w-full rounded border border-stone-300 px-2 py-1"
          />
        </label>
        <label className="text-sm">
          {labels.expires}
          <input
            name="expiresInDays"
            type="number"
            min={1}
            max={3650}
            className="mt-1 block w-full rounded border border-stone-300 px-2 py-1"
          />
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
          <SubmitButton pending={pending}>{labels.create}</SubmitButton>
        </div>
      </form>
      {state.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {state.error}
        </p>
      )}
      {state.secret && (
        <SecretBox secret={state.secret} note={labels.created} copy={labels.copy} copied={labels.copied} />
      )}
    </div>
  );
}
