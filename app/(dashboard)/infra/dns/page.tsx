import Link from "next/link";
import { DataTable } from "@/components/dashboard/data-table";
import { requireDashboard } from "../../dashboard-session";
import { createZoneAction, deleteZoneAction } from "./actions";
import { ActionButton } from "@/components/dashboard/action-button";
import { can } from "@/lib/dashboard/permissions";
import { listZones, nameservers, recordCount } from "@/lib/infra/dns/manage-dns";
import { InfraForm } from "@/components/infra/infra-form";

export default async function DnsZonesPage() {
  const { db, current, t } = await requireDashboard();
  const zones = (await listZones(db, current.workspace.id, { limit: 100 })).items;
  const recordCounts = await Promise.all(zones.map(async (zone) => await recordCount(db, zone.id)));
  const manage = can(current.role, "manage_infra");
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600">
        {t("infra.dns.intro")} <span className="font-mono text-xs">{nameservers().join(", ")}</span>
      </p>
      {manage && (
        <InfraForm
          action={createZoneAction}
          submit={t("infra.dns.addZone")}
          fields={[{ name: "domain", label: t("infra.dns.domain"), placeholder: "example.com", required: true }]}
        />
      )}
      <DataTable
        label={t("infra.dns.zones")}
        empty={t("infra.dns.noZones")}
        columns={[t("infra.dns.domain"), t("infra.dns.status"), t("infra.dns.records"), t("infra.dns.serial")]}
        actions={manage}
        rowCount={zones.length}
      >
        {zones.map((zone, i) => (
          <tr key={zone.id} className="border-b">
            <td className="p-2">
              <Link href={`/infra/dns/${zone.domain}`} className="font-medium text-orange-800 hover:underline">
                {zone.domain}
              </Link>
            </td>
            <td className="p-2" data-testid="zone-status">
              {t(`infra.dns.status.${zone.status}`)}
            </td>
            <td className="p-2">{recordCounts[i]}</td>
            <td className="p-2 font-mono text-xs">{zone.serial}</td>
            {manage && (
              <td className="p-2">
                <ActionButton
                  action={deleteZoneAction}
                  fields={{ domain: zone.domain }}
                  label={t("infra.dns.deleteZone")}
                  confirmText={t("infra.dns.deleteZoneConfirm")}
                  tone="danger"
                />
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
