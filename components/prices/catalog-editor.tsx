"use client";

import { useActionState } from "react";
import type { PublishState } from "@/app/(dashboard)/prices/actions";
import { SubmitButton } from "@/components/dashboard/submit-button";

export function CatalogEditor(props: {
  action: (prev: PublishState, data: FormData) => Promise<PublishState>;
  initialJson: string;
  labels: Record<"catalog" | "note" | "publish" | "published", string>;
}) {
  const [state, formAction, pending] = useActionState(props.action, {});
  return (
    <form action={formAction} className="space-y-3 rounded border border-stone-200 bg-white p-4">
      <label className="block text-sm font-medium">
        {props.labels.catalog}
        <textarea
          name="catalog"
          defaultValue={props.initialJson}
          rows={18}
          spellCheck={false}
          className="mt-1 block w-full rounded border border-stone-300 p-2 font-mono text-xs"
        />
      </label>
      <label className="block text-sm">
        {props.labels.note}
        <input name="note" maxLength={200} className="mt-1 block w-full rounded border border-stone-300 px-2 py-1" />
      </label>
      <SubmitButton pending={pending}>{props.labels.publish}</SubmitButton>
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
      {state.version && (
        <p role="status" className="text-sm text-green-700">
          {props.labels.published} {state.version}
        </p>
      )}
    </form>
  );
}
