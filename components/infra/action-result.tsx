import type { InfraActionState } from "@/app/(dashboard)/infra/infra-manager";

/** An action's error (role=alert, so it is announced) or its note. */
export function ActionResult({ state, className = "mt-1 text-xs" }: { state: InfraActionState; className?: string }) {
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
