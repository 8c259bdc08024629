import Link from "next/link";
import { notFound } from "next/navigation";
import { DataTable } from "@/components/dashboard/data-table";
import { requireDashboard } from "../../../dashboard-session";
import { createRecordAction, deleteRecordAction, verifyZoneAction } from "../actions";
import { isAppError } from "@/lib/api/app-error";
import { can } from "@/lib/dashboard/permissions";
import {
  CHALLENGE_LABEL,
  challengeValue,
  getZone,
  listRecords,
  nameservers,
  type RecordRow,
} from "@/lib/infra/dns/manage-dns";
import { DnsRecordForm } from "@/components/infra/dns-record-form";
import { ActionButton } from "@/components/dashboard/action-button";

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
    zone = await getZone(db, current.workspace.id, domain);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
  const records = (await listRecords(db, current.workspace.id, zone.domain, { limit: 100 })).items;
  const manage = can(current.role, "manage_infra");
  return (
    <div className="space-y-6">
      <div className="flex items-baseline gap-3">
        <Link href="/infra/dns" className="text-sm text-stone-500 hover:underline">
          ← {t("infra.dns.zones")}
        </Link>
        <h2 className="text-lg font-semibold">{zone.domain}</h2>
        <span className="text-xs text-stone-500">
          {t("infra.dns.serial")} {zone.serial} · {t(`infra.dns.status.${zone.status}`)}
        </span>
      </div>
      {zone.status === "pending" && (
        <div className="space-y-2 rounded border border-amber-200 bg-amber-50 p-3 text-sm" data-testid="zone-pending">
          <p>{t("infra.dns.pendingHelp")}</p>
          <p className="font-mono text-xs break-all">NS {nameservers().join(", ")}</p>
          <p className="font-mono text-xs break-all">
            {CHALLENGE_LABEL}.{zone.domain} TXT &quot;{challengeValue(zone)}&quot;
          </p>
          {manage && (
            <ActionButton action={verifyZoneAction} fields={{ domain: zone.domain }} label={t("infra.dns.verify")} />
          )}
        </div>
      )}
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
      <DataTable
        label={t("infra.dns.records")}
        empty={t("infra.dns.noRecords")}
        columns={[t("infra.dns.name"), t("infra.dns.type"), t("infra.dns.data"), t("infra.dns.ttl")]}
        actions={manage}
        rowCount={records.length}
      >
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
                <ActionButton
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
      </DataTable>
    </div>
  );
}
