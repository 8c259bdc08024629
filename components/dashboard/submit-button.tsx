/** A form's main button, disabled while its action runs. */
export function SubmitButton(props: { pending: boolean; children: React.ReactNode }) {
  return (
    <button
      disabled={props.pending}
      className="rounded bg-orange-700 px-4 py-1.5 text-white hover:bg-orange-800 disabled:opacity-50"
    >
      {props.children}
    </button>
  );
}
