import Link from "next/link";
import { notFound } from "next/navigation";
import { requireDashboard } from "../../../dashboard-session";
import { createRecordAction, deleteRecordAction } from "../actions";
import { isAppError } from "@/lib/api/app-error";
import { canDecide } from "@/lib/dashboard/roles";
import { getZone, listRecords, type RecordRow } from "@/lib/infra/dns/manage-dns";
import { DnsRecordForm } from "@/components/infra/dns-record-form";
import { InfraActionButton } from "@/components/infra/infra-action-button";

/** The type-specific fields in zone-file order (RFC 1035 presentation), so a row reads like the record it serves. */
function presentation(r: RecordRow): string {
  if (r.type === "MX") return `${r.priority} ${r.data}`;
  if (r.type === "SRV") return `${r.priority} ${r.weight} ${r.port} ${r.data}`;
  if (r.type === "CAA") return `${r.flags} ${r.tag} "${r.data}"`;
  if (r.type === "TXT") return `"${r.data}"`;
  return r.data;
}

export default async function DnsZonePage({ params }: { params: Promise<{ domain: string }> }) {
  const { db, current, t } = await requireDashboard();
  const domain = decodeURIComponent((await params).domain);
  let zone;
  try {
    zone = getZone(db, current.workspace.id, domain);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
  const records = listRecords(db, current.workspace.id, zone.domain, { limit: 100 }).items;
  const manage = canDecide(current.role);
  return (
    <div className="space-y-6">
      <div className="flex items-baseline gap-3">
        <Link href="/infra/dns" className="text-sm text-stone-500 hover:underline">
          ← {t("infra.dns.zones")}
        </Link>
        <h2 className="text-lg font-semibold">{zone.domain}</h2>
        <span className="text-xs text-stone-500">
          {t("infra.dns.serial")} {zone.serial}
        </span>
      </div>
      {manage && (
        <DnsRecordForm
          action={createRecordAction}
          domain={zone.domain}
          labels={{
            type: t("infra.dns.type"),
            name: t("infra.dns.name"),
            ttl: t("infra.dns.ttl"),
            add: t("infra.dns.addRecord"),
            address: t("infra.dns.address"),
            target: t("infra.dns.target"),
            mailServer: t("infra.dns.mailServer"),
            text: t("infra.dns.text"),
            value: t("infra.dns.value"),
            priority: t("infra.dns.priority"),
            weight: t("infra.dns.weight"),
            port: t("infra.dns.port"),
            flags: t("infra.dns.flags"),
            tag: t("infra.dns.tag"),
          }}
        />
      )}
      {records.length === 0 ? (
        <p className="text-sm text-stone-500">{t("infra.dns.noRecords")}</p>
      ) : (
        <table className="w-full border-collapse bg-white text-sm" aria-label={t("infra.dns.records")}>
          <thead>
            <tr className="border-b text-left text-stone-500">
              <th className="p-2">{t("infra.dns.name")}</th>
              <th className="p-2">{t("infra.dns.type")}</th>
              <th className="p-2">{t("infra.dns.data")}</th>
              <th className="p-2">{t("infra.dns.ttl")}</th>
              {manage && <th className="p-2" />}
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id} className="border-b align-top" data-testid="dns-record">
                <td className="p-2 font-mono text-xs" title={record.fqdn}>
                  {record.name}
                </td>
                <td className="p-2">{record.type}</td>
                <td className="p-2 font-mono text-xs break-all">{presentation(record)}</td>
                <td className="p-2">{record.ttl}</td>
                {manage && (
                  <td className="p-2">
                    <InfraActionButton
                      action={deleteRecordAction}
                      fields={{ domain: zone.domain, recordId: record.id }}
                      label={t("infra.delete")}
                      confirmText={t("infra.dns.deleteRecordConfirm")}
                      tone="danger"
                    />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
