/** Shown instead of a pro feature on the free plan, with a link to the plans. */
export function UpgradeNote(props: { message: string; linkLabel: string; testId: string }) {
  return (
    <p className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid={props.testId}>
      {props.message}{" "}
      <a href="/usage" className="underline">
        {props.linkLabel}
      </a>
    </p>
  );
}
