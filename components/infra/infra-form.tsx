"use client";

import { useActionState, useState } from "react";
import type { InfraAction } from "@/app/(dashboard)/infra/infra-manager";
import { ActionResult } from "@/components/dashboard/action-result";
import { SubmitButton } from "@/components/dashboard/submit-button";
import { SecretBox } from "@/components/dashboard/secret-box";
import type { SecretLabels } from "@/components/dashboard/action-button";

export type FormField = {
  name: string;
  label: string;
  type?: "text" | "number" | "password" | "email";
  options?: { value: string; label: string }[];
  initial?: string;
  placeholder?: string;
  required?: boolean;
  /** Takes two grid columns (a select whose options are long, such as the VPS plans), so its text is never cut off. */
  wide?: boolean;
};

/**
 * A create form whose fields are controlled, so a rejected submission keeps
 * what was typed (React 19 resets uncontrolled forms after an action).
 */
export function InfraForm({
  action,
  fields,
  submit,
  resetOnSuccess = true,
  secretLabels,
}: {
  action: InfraAction;
  fields: FormField[];
  submit: string;
  resetOnSuccess?: boolean;
  /** For a form whose action makes a secret: it is shown once, with these words. */
  secretLabels?: SecretLabels;
}) {
  const initial = () => Object.fromEntries(fields.map((f) => [f.name, f.initial ?? f.options?.[0]?.value ?? ""]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [state, formAction, pending] = useActionState(async (prev: Parameters<InfraAction>[0], data: FormData) => {
    const next = await action(prev, data);
    if (!next.error && resetOnSuccess) setValues(initial());
    return next;
  }, {});
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));
  const input = "mt-1 block w-full min-w-0 rounded border border-stone-300 px-2 py-1";
  return (
    <div className="rounded border border-stone-200 bg-white p-3 sm:p-4">
      <form action={formAction} className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {fields.map((f) => (
          <label key={f.name} className={`min-w-0 ${f.wide ? "sm:col-span-2" : ""}`}>
            {f.label}
            {f.options ? (
              <select
                name={f.name}
                value={values[f.name]}
                onChange={(e) => set(f.name, e.target.value)}
                className={input}
              >
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                name={f.name}
                type={f.type ?? "text"}
                value={values[f.name]}
                onChange={(e) => set(f.name, e.target.value)}
                placeholder={f.placeholder}
                required={f.required}
                aria-invalid={state.param === f.name || undefined}
                className={input}
              />
            )}
          </label>
        ))}
        <div className="flex items-end">
          <SubmitButton pending={pending}>{submit}</SubmitButton>
        </div>
      </form>
      <ActionResult state={state} className="mt-3 text-sm" />
      {state.secret && secretLabels && <SecretBox secret={state.secret} {...secretLabels} />}
    </div>
  );
}
