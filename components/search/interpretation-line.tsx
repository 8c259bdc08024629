import type { SearchInterpretation } from "./search-types";

/** How the engine read the query: each word with its corrections and concepts, then the numeric constraints. */
export function InterpretationLine({ value, label }: { value: SearchInterpretation; label: string }) {
  const terms = value.terms.map((t) => {
    const word = t.corrected_to?.length ? `${t.text} → ${t.corrected_to.join("/")}` : t.text;
    return t.concepts.length ? `${word} (${t.concepts.join(", ")})` : word;
  });
  const parts = [...terms, ...value.constraints.map((c) => c.text)];
  if (value.dims) parts.push(value.dims.join(" × "));
  if (parts.length === 0) return null;
  return (
    <p className="text-xs text-stone-500" data-testid="search-interpretation">
      {label}: {parts.join(" · ")}
    </p>
  );
}
