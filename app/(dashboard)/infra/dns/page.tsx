import Link from "next/link";
import { requireDashboard } from "../../dashboard-session";
import { createZoneAction } from "./actions";
import { canDecide } from "@/lib/dashboard/roles";
import { listZones, nameservers, recordCount } from "@/lib/infra/dns/manage-dns";
import { InfraForm } from "@/components/infra/infra-form";

export default async function DnsZonesPage() {
  const { db, current, t } = await requireDashboard();
  const zones = listZones(db, current.workspace.id, { limit: 100 }).items;
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600">
        {t("infra.dns.intro")} <span className="font-mono text-xs">{nameservers().join(", ")}</span>
      </p>
      {canDecide(current.role) && (
        <InfraForm action={createZoneAction} submit={t("infra.dns.addZone")} fields={[{ name: "domain", label: t("infra.dns.domain"), placeholder: "example.com", required: true }]} />
      )}
      {zones.length === 0 ? (
        <p className="text-sm text-stone-500">{t("infra.dns.noZones")}</p>
      ) : (
        <table className="w-full border-collapse bg-white text-sm" aria-label={t("infra.dns.zones")}>
          <thead>
            <tr className="border-b text-left text-stone-500">
              <th className="p-2">{t("infra.dns.domain")}</th>
              <th className="p-2">{t("infra.dns.records")}</th>
              <th className="p-2">{t("infra.dns.serial")}</th>
            </tr>
          </thead>
          <tbody>
            {zones.map((zone) => (
              <tr key={zone.id} className="border-b">
                <td className="p-2">
                  <Link href={`/infra/dns/${zone.domain}`} className="font-medium text-orange-800 hover:underline">
                    {zone.domain}
                  </Link>
                </td>
                <td className="p-2">{recordCount(db, zone.id)}</td>
                <td className="p-2 font-mono text-xs">{zone.serial}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
