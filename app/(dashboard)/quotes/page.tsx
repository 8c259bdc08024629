import Link from "next/link";
import { requireDashboard } from "../dashboard-session";
import { listFiles } from "@/lib/files/list-files";
import { planAllows } from "@/lib/dashboard/permissions";
import { quote3dPrintContract } from "@/lib/contracts/quotes";
import { quoteFile } from "@/lib/quotes/quote-file";
import { isAppError } from "@/lib/api/app-error";
import { formatIdr } from "@/lib/i18n/format";
import type { Db } from "@/lib/db/client";
import type { FileRow } from "@/lib/files/get-file";
import { UpgradeNote } from "@/components/dashboard/upgrade-note";

/** The same basis as a version diff's reference price: PLA at 20 % or 2 mm mild steel. */
async function referencePrice(db: Db, workspaceId: string, file: FileRow): Promise<number | null> {
  try {
    const base = { workspaceId, fileId: file.id };
    if (file.kind === "laser") {
      return (
        (await quoteFile(db, { ...base, process: "laser" })).quotes.find(
          (q) => q.material_id === "mild_steel" && q.thickness_mm === 2,
        )?.price_idr ?? null
      );
    }
    return (
      (
        await quoteFile(db, {
          ...base,
          process: "print_3d",
          print: { infill_percent: 20, materials: ["pla"], quantity: 1 },
        })
      ).quotes[0]?.price_idr ?? null
    );
  } catch (error) {
    if (isAppError(error)) return null; // geometry the pricer refuses: no price, the file page says why
    throw error;
  }
}

export default async function QuotesPage() {
  const { db, current, t, lang } = await requireDashboard();
  const pro = planAllows(current.workspace.plan, quote3dPrintContract);
  const files = pro ? (await listFiles(db, current.workspace.id, { sort: "-created_at", limit: 10 })).data : [];
  const prices = await Promise.all(files.map((file) => referencePrice(db, current.workspace.id, file)));
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">{t("quotes.title")}</h1>
      {!pro ? (
        <UpgradeNote message={t("quote.upgrade")} linkLabel={t("usage.price")} testId="quote-upgrade" />
      ) : (
        <>
          <p className="text-sm text-stone-600">{t("quotes.intro")}</p>
          {files.length === 0 ? (
            <p className="text-sm text-stone-500">
              <Link href="/files" className="text-orange-700 underline">
                {t("quotes.none")}
              </Link>
            </p>
          ) : (
            <table className="w-full border-collapse bg-white text-sm">
              <thead>
                <tr className="border-b text-left text-stone-500">
                  <th className="p-2">{t("files.name")}</th>
                  <th className="p-2">{t("files.kind")}</th>
                  <th className="p-2">{t("quotes.reference")}</th>
                  <th className="p-2 text-right">{t("quote.price")}</th>
                </tr>
              </thead>
              <tbody>
                {files.map((file, index) => {
                  const price = prices[index];
                  return (
                    <tr key={file.id} className="border-b">
                      <td className="p-2">
                        <Link href={`/files/${file.id}`} className="text-orange-700 hover:underline">
                          {file.name}
                        </Link>
                      </td>
                      <td className="p-2">{t(`kind.${file.kind}`)}</td>
                      <td className="p-2">{t(file.kind === "laser" ? "quotes.basis.laser" : "quotes.basis.print")}</td>
                      <td className="p-2 text-right tabular-nums">{price === null ? "—" : formatIdr(price, lang)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
