import { requireDashboard } from "../dashboard-session";
import { can } from "@/lib/dashboard/permissions";
import { InfraTabs } from "@/components/infra/infra-tabs";

export default async function InfraLayout({ children }: { children: React.ReactNode }) {
  const { current, t } = await requireDashboard();
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold">{t("nav.infra")}</h1>
      <InfraTabs
        label={t("nav.infra")}
        tabs={[
          { href: "/infra/vps", label: t("infra.tab.vps") },
          { href: "/infra/dns", label: t("infra.tab.dns") },
          { href: "/infra/email", label: t("infra.tab.email") },
          { href: "/infra/storage", label: t("infra.tab.storage") },
        ]}
      />
      {!can(current.role, "manage_infra") && <p className="text-sm text-stone-500">{t("infra.readOnly")}</p>}
      {children}
    </div>
  );
}
