import Link from "next/link";
import type { FileRow } from "@/lib/files/get-file";
import type { Lang, MessageKey } from "@/lib/i18n/messages";
import { StatusBadge } from "./status-badge";
import { formatBytes } from "@/lib/i18n/format";
import { formatDate } from "./format";

export function FilesTable({ files, t, lang }: { files: FileRow[]; t: (key: MessageKey) => string; lang: Lang }) {
  const heads: MessageKey[] = [
    "files.name",
    "files.format",
    "files.kind",
    "files.status",
    "files.tags",
    "files.versions",
    "files.size",
    "files.created",
  ];
  return (
    <table className="w-full border-collapse bg-white text-sm" data-testid="files-table">
      <thead>
        <tr className="border-b text-left text-stone-500">
          {heads.map((h) => (
            <th key={h} className="p-2">
              {t(h)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {files.length === 0 && (
          <tr>
            <td colSpan={heads.length} className="p-4 text-center text-stone-500">
              {t("files.none")}
            </td>
          </tr>
        )}
        {files.map((file) => (
          <tr key={file.id} className="border-b">
            <td className="p-2 font-medium">
              <Link href={`/files/${file.id}`} className="text-orange-700 hover:underline">
                {file.name}
              </Link>
            </td>
            <td className="p-2 font-mono text-xs">{file.format.toUpperCase()}</td>
            <td className="p-2">{t(`kind.${file.kind}`)}</td>
            <td className="p-2">
              <StatusBadge status={file.status} label={t(`status.${file.status}`)} />
            </td>
            <td className="p-2 text-xs">{file.tags.join(", ")}</td>
            <td className="p-2">{file.versionCount}</td>
            <td className="p-2 whitespace-nowrap">{formatBytes(file.sizeBytes, lang)}</td>
            <td className="p-2 text-xs whitespace-nowrap">{formatDate(file.createdAt, lang)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
