"use client";

import { useActionState } from "react";
import type { FileActionState } from "@/app/(dashboard)/files/actions";

export function FileEditForm(props: {
  action: (prev: FileActionState, data: FormData) => Promise<FileActionState>;
  fileId: string;
  name: string;
  tags: string[];
  labels: Record<"title" | "name" | "tags" | "save", string>;
}) {
  const [state, formAction, pending] = useActionState(props.action, {});
  const { labels } = props;
  return (
    <form
      action={formAction}
      className="grid gap-3 rounded border border-stone-200 bg-white p-4 text-sm sm:grid-cols-[1fr_1fr_auto]"
      aria-label={labels.title}
    >
      <input type="hidden" name="fileId" value={props.fileId} />
      <label>
        {labels.name}
        <input
          name="name"
          required
          maxLength={200}
          defaultValue={props.name}
          className="mt-1 block w-full rounded border border-stone-300 px-2 py-1"
        />
      </label>
      <label>
        {labels.tags}
        <input
          name="tags"
          defaultValue={props.tags.join(", ")}
          className="mt-1 block w-full rounded border border-stone-300 px-2 py-1"
        />
      </label>
      <div className="flex items-end">
        <button disabled={pending} className="rounded bg-stone-900 px-4 py-1.5 text-white disabled:opacity-50">
          {labels.save}
        </button>
      </div>
      {state.error && (
        <p role="alert" className="text-red-700 sm:col-span-3">
          {state.error}
        </p>
      )}
    </form>
  );
}
