"use client";

export function WorkspaceSwitcher(props: {
  label: string;
  current: string;
  options: { id: string; name: string }[];
  action: (formData: FormData) => Promise<void>;
}) {
  return (
    <form action={props.action}>
      <label className="block text-xs font-medium text-stone-500">
        {props.label}
        <select
          name="workspace"
          defaultValue={props.current}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
          className="mt-1 block w-full rounded border border-stone-300 bg-white px-2 py-1 text-sm text-stone-900"
        >
          {props.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
