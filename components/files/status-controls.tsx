"use client";

import { useActionState } from "react";
import type { FileStatus } from "@/db/schema";
import type { FileActionState } from "@/app/(dashboard)/files/actions";

type Labels = Record<"submit" | "approve" | "reject" | "reason" | "approvers", string>;

/** Only the transitions the current status allows are offered; the server checks the role again. */
export function StatusControls(props: {
  action: (prev: FileActionState, data: FormData) => Promise<FileActionState>;
  fileId: string;
  status: FileStatus;
  canDecide: boolean;
  labels: Labels;
}) {
  const [state, formAction, pending] = useActionState(props.action, {});
  const { labels, status } = props;
  const button = "rounded px-3 py-1.5 text-sm text-white disabled:opacity-50";
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        {(status === "draft" || status === "rejected") && (
          <form action={formAction}>
            <input type="hidden" name="fileId" value={props.fileId} />
            <button
              name="action"
              value="submit"
              disabled={pending}
              className={`${button} bg-orange-700 hover:bg-orange-800`}
            >
              {labels.submit}
            </button>
          </form>
        )}
        {status === "pending_approval" && props.canDecide && (
          <>
            <form action={formAction}>
              <input type="hidden" name="fileId" value={props.fileId} />
              <button
                name="action"
                value="approve"
                disabled={pending}
                className={`${button} bg-green-700 hover:bg-green-800`}
              >
                {labels.approve}
              </button>
            </form>
            <form action={formAction} className="flex items-end gap-2">
              <input type="hidden" name="fileId" value={props.fileId} />
              <label className="text-sm">
                {labels.reason}
                <input
                  name="reason"
                  required
                  maxLength={1000}
                  className="mt-1 block w-64 rounded border border-stone-300 px-2 py-1"
                />
              </label>
              <button
                name="action"
                value="reject"
                disabled={pending}
                className={`${button} bg-red-700 hover:bg-red-800`}
              >
                {labels.reject}
              </button>
            </form>
          </>
        )}
      </div>
      {status === "pending_approval" && !props.canDecide && (
        <p className="text-sm text-stone-500">{labels.approvers}</p>
      )}
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {state.error}
        </p>
      )}
    </div>
  );
}
