"use client";

export function RevokeKeyButton(props: {
  action: (data: FormData) => Promise<void>;
  keyId: string;
  label: string;
  confirmText: string;
}) {
  return (
    <form action={props.action} onSubmit={(event) => confirm(props.confirmText) || event.preventDefault()}>
      <input type="hidden" name="keyId" value={props.keyId} />
      <button className="rounded bg-red-50 px-2 py-1 text-red-700 hover:bg-red-100">{props.label}</button>
    </form>
  );
}
