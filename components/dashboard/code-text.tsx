import { Fragment } from "react";

/** Dictionary text with `backticked` spans shown as inline code, never as raw backticks. */
export function CodeText({ text }: { text: string }) {
  const parts = text.split("`");
  // An odd count of backticks leaves the last one unpaired: show it as plain text.
  if (parts.length % 2 === 0) return <>{text.replace(/`/g, "")}</>;
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-stone-100 px-1 font-mono text-[0.95em]">
            {part}
          </code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** The same text with its backticks dropped, for attributes such as `title`. */
export const plainText = (text: string) => text.replace(/`/g, "");
