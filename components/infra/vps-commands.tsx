"use client";

import { useActionState } from "react";
import type { InfraAction } from "@/app/(dashboard)/infra/infra-manager";
import { ActionResult } from "@/components/dashboard/action-result";

export type VpsCommandButton = { command: string; label: string; confirmText: string; allowed: boolean };

/**
 * One form per instance, so the last command's result (or its 409) stays
 * visible while the status moves on and the page refreshes.
 */
export function VpsCommands({
  action,
  vpsId,
  commands,
}: {
  action: InfraAction;
  vpsId: string;
  commands: VpsCommandButton[];
}) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <div>
      <form
        action={formAction}
        className="flex flex-wrap gap-2"
        onSubmit={(event) => {
          const button = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
          const chosen = commands.find((c) => c.command === button?.value);
          if (chosen && !confirm(chosen.confirmText)) event.preventDefault();
        }}
      >
        <input type="hidden" name="vpsId" value={vpsId} />
        {commands.map((c) => (
          <button
            key={c.command}
            name="command"
            value={c.command}
            disabled={pending || !c.allowed}
            className={`rounded px-2 py-1 text-xs disabled:opacity-40 ${c.command === "delete" ? "bg-red-50 text-red-700 hover:bg-red-100" : "bg-stone-100 hover:bg-stone-200"}`}
          >
            {c.label}
          </button>
        ))}
      </form>
      <ActionResult state={state} />
    </div>
  );
}
