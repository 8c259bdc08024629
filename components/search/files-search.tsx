import type { QuotePlan } from "@/lib/plans/plans";
import { planAllows } from "@/lib/dashboard/permissions";
import { searchFilesContract } from "@/lib/contracts/search";
import type { Lang, MessageKey } from "@/lib/i18n/messages";
import { SearchBox } from "./search-box";
import { UpgradeNote } from "@/components/dashboard/upgrade-note";

/** The files page's search box, or the upgrade note on the free plan (search is a pro feature, like quotes). */
export function FilesSearch({ plan, t, lang }: { plan: QuotePlan; t: (key: MessageKey) => string; lang: Lang }) {
  if (!planAllows(plan, searchFilesContract)) {
    return <UpgradeNote message={t("search.upgrade")} linkLabel={t("usage.price")} testId="search-upgrade" />;
  }
  const labels = {
    label: t("search.label"),
    placeholder: t("search.placeholder"),
    searching: t("search.searching"),
    none: t("search.none"),
    score: t("search.score"),
    readAs: t("search.readAs"),
  };
  return <SearchBox labels={labels} lang={lang} />;
}
