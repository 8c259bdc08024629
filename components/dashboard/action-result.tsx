/** What a dashboard server action answers: an error (naming the field), a note, or a secret shown once. */
export type ActionState = { error?: string; param?: string; message?: string; secret?: string };

/** An action's error (role=alert, so it is announced) or its note. */
export function ActionResult({ state, className = "mt-1 text-xs" }: { state: ActionState; className?: string }) {
  if (state.error) {
    return (
      <p role="alert" className={`${className} text-red-700`} data-param={state.param}>
        {state.error}
      </p>
    );
  }
  if (state.message) {
    return (
      <p role="status" className={`${className} text-green-800`}>
        {state.message}
      </p>
    );
  }
  return null;
}
