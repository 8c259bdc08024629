"use client";

import { useState } from "react";

/** Copies `text` to the clipboard and says so; give it `key={text}` so a new text starts uncopied. */
export function CopyButton(props: { text: string; copy: string; copied: string; className?: string }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className={`rounded bg-stone-900 px-3 py-1 text-white ${props.className ?? ""}`}
      onClick={async () => {
        await navigator.clipboard?.writeText(props.text).catch(() => undefined);
        setDone(true);
      }}
    >
      {done ? props.copied : props.copy}
    </button>
  );
}
