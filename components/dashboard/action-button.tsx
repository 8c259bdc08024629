"use client";

import { useActionState } from "react";
import { SecretBox } from "./secret-box";
import { ActionResult, type ActionState } from "./action-result";

export type SecretLabels = { note: string; copy: string; copied: string };

/** One button posting hidden fields to a server action, after an optional confirm(); shows its result, or a new secret once. */
export function ActionButton(props: {
  action: (prev: ActionState, data: FormData) => Promise<ActionState>;
  fields: Record<string, string>;
  label: string;
  confirmText?: string;
  tone?: "danger" | "plain";
  secretLabels?: SecretLabels;
}) {
  const [state, formAction, pending] = useActionState(props.action, {});
  const tone = props.tone === "danger" ? "bg-red-50 text-red-700 hover:bg-red-100" : "bg-stone-100 hover:bg-stone-200";
  return (
    <div>
      <form
        action={formAction}
        onSubmit={(event) => !props.confirmText || confirm(props.confirmText) || event.preventDefault()}
      >
        {Object.entries(props.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button disabled={pending} className={`rounded px-2 py-1 text-xs disabled:opacity-50 ${tone}`}>
          {props.label}
        </button>
      </form>
      <ActionResult state={state} />
      {state.secret && props.secretLabels && <SecretBox secret={state.secret} {...props.secretLabels} />}
    </div>
  );
}
