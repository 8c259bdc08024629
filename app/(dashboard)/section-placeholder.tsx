import { requireDashboard } from "./dashboard-session";
import type { MessageKey } from "@/lib/i18n/messages";

/** Sections whose issues have not landed yet still appear in the navigation. */
export async function SectionPlaceholder({ title }: { title: MessageKey }) {
  const { t } = await requireDashboard();
  return (
    <div>
      <h1 className="text-2xl font-semibold">{t(title)}</h1>
      <p className="mt-2 text-sm text-stone-600">{t("placeholder.soon")}</p>
    </div>
  );
}
