import type { ReactNode } from "react";

/** The dashboard's list table: a note when there are no rows, else labelled columns (an empty last one for row actions). */
export function DataTable({
  label,
  empty,
  columns,
  actions = false,
  rowCount,
  children,
}: {
  label: string;
  empty: string;
  columns: string[];
  actions?: boolean;
  rowCount: number;
  children: ReactNode;
}) {
  if (rowCount === 0) return <p className="text-sm text-stone-500">{empty}</p>;
  return (
    <table className="w-full border-collapse bg-white text-sm" aria-label={label}>
      <thead>
        <tr className="border-b text-left text-stone-500">
          {columns.map((column) => (
            <th key={column} className="p-2">
              {column}
            </th>
          ))}
          {actions && <th className="p-2" />}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
