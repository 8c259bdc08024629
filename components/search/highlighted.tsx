/** Renders the engine's «match» markers as <mark>, never as HTML from the server. */
export function Highlighted({ text }: { text: string }) {
  const parts = text.split(/«([^»]*)»/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <mark key={i} className="rounded bg-amber-200 px-0.5">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
