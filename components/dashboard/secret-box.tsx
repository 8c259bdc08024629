"use client";

import { CopyButton } from "./copy-button";

/** A secret shown once, right after it was made, with a copy button. */
export function SecretBox(props: { secret: string; note: string; copy: string; copied: string }) {
  return (
    <div className="mt-3 rounded border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="secret-box">
      <p>{props.note}</p>
      <div className="mt-2 flex items-center gap-2">
        <code className="flex-1 break-all rounded bg-white px-2 py-1 font-mono text-xs" data-testid="secret">
          {props.secret}
        </code>
        <CopyButton key={props.secret} text={props.secret} copy={props.copy} copied={props.copied} />
      </div>
    </div>
  );
}
