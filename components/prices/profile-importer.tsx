"use client";

import { useActionState } from "react";
import type { ImportState } from "@/app/(dashboard)/prices/actions";
import { SubmitButton } from "@/components/dashboard/submit-button";

/** Uploads a PrusaSlicer config.ini for one print family; says how many settings were read and which were ignored. */
export function ProfileImporter(props: {
  action: (prev: ImportState, data: FormData) => Promise<ImportState>;
  families: { id: string; label: string }[];
  labels: Record<"import" | "family" | "button" | "imported", string>;
}) {
  const [state, formAction, pending] = useActionState(props.action, {});
  return (
    <form
      action={formAction}
      className="space-y-3 rounded border border-stone-200 bg-white p-4"
      data-testid="profile-importer"
    >
      <p className="text-sm font-medium">{props.labels.import}</p>
      <div className="flex flex-wrap items-end gap-3 text-sm">
        <label>
          {props.labels.family}
          <select name="family" className="ml-2 rounded border border-stone-300 px-2 py-1">
            {props.families.map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <input type="file" name="config" accept=".ini,text/plain" aria-label="config.ini" className="text-sm" />
        <SubmitButton pending={pending}>{props.labels.button}</SubmitButton>
      </div>
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
      {state.version && (
        <p role="status" className="text-sm text-green-700">
          {props.labels.imported
            .replace("{version}", String(state.version))
            .replace("{read}", String(state.read))
            .replace("{ignored}", String(state.ignored?.length ?? 0))}
          {state.ignored && state.ignored.length > 0 && (
            <span className="block text-xs text-stone-500">{state.ignored.join(", ")}</span>
          )}
        </p>
      )}
    </form>
  );
}
