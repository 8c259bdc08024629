import type { FileStatus } from "@/db/schema";

const COLORS: Record<FileStatus, string> = {
  draft: "bg-stone-100 text-stone-700",
  pending_approval: "bg-amber-100 text-amber-800",
  approved: "bg-green-100 text-green-800",
  rejected: "bg-red-100 text-red-800",
};

export function StatusBadge({ status, label }: { status: FileStatus; label: string }) {
  return (
    <span className={`rounded px-2 py-0.5 text-xs font-medium ${COLORS[status]}`} data-testid="file-status">
      {label}
    </span>
  );
}
