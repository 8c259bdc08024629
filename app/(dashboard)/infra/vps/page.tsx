import { DataTable } from "@/components/dashboard/data-table";
import { requireDashboard } from "../../dashboard-session";
import { createVpsAction, vpsCommandAction } from "./actions";
import { can } from "@/lib/dashboard/permissions";
import { listVps } from "@/lib/infra/vps/manage-vps";
import { IMAGES, PLANS, REGIONS } from "@/lib/infra/vps/catalogue";
import { COMMANDS } from "@/lib/infra/vps/vps-lifecycle";
import { AutoRefresh } from "@/components/infra/auto-refresh";
import { InfraForm } from "@/components/infra/infra-form";
import { VpsCommands } from "@/components/infra/vps-commands";
import type { MessageKey } from "@/lib/i18n/messages";
import { formatIdr, formatNumber } from "@/lib/i18n/format";

const COMMAND_TEXT: Record<"restart" | "stop" | "start" | "delete", [MessageKey, MessageKey]> = {
  restart: ["infra.vps.restart", "infra.vps.restartConfirm"],
  stop: ["infra.vps.stop", "infra.vps.stopConfirm"],
  start: ["infra.vps.start", "infra.vps.startConfirm"],
  delete: ["infra.delete", "infra.vps.deleteConfirm"],
};
const SETTLED = new Set(["running", "stopped"]);
const STATUS_TONE: Record<string, string> = {
  running: "bg-green-100 text-green-800",
  stopped: "bg-stone-200 text-stone-700",
};

export default async function VpsPage() {
  const { db, current, t, lang } = await requireDashboard();
  const manage = can(current.role, "manage_infra");
  const instances = (await listVps(db, current.workspace.id, { limit: 100 })).items;
  const commands = (Object.keys(COMMAND_TEXT) as (keyof typeof COMMAND_TEXT)[]).map((command) => ({
    command,
    from: COMMANDS[command].from as readonly string[],
    label: t(COMMAND_TEXT[command][0]),
    confirmText: t(COMMAND_TEXT[command][1]),
  }));
  return (
    <div className="space-y-6">
      <AutoRefresh active={instances.some((vps) => !SETTLED.has(vps.status))} />
      <p className="text-sm text-stone-600">{t("infra.vps.intro")}</p>
      {manage && (
        <section aria-label={t("infra.vps.create")} className="space-y-2">
          <h2 className="font-medium">{t("infra.vps.create")}</h2>
          <InfraForm
            action={createVpsAction}
            submit={t("infra.vps.create")}
            fields={[
              { name: "label", label: t("infra.vps.label"), placeholder: "web-1", required: true },
              {
                name: "region",
                label: t("infra.vps.region"),
                options: REGIONS.map((r) => ({ value: r.code, label: `${r.name} (${r.code})` })),
              },
              {
                name: "plan",
                label: t("infra.vps.plan"),
                // Two columns wide and a compact label ("/mo", "/bln"): the longest option fits a 390 px phone uncut (e2e/issue16.spec.ts).
                wide: true,
                options: PLANS.map((p) => ({
                  value: p.code,
                  label: `${p.vcpus} vCPU · ${formatNumber(p.memory_mb / 1024, lang)} GB · ${formatNumber(p.disk_gb, lang)} GB · ${formatIdr(p.price_idr_monthly, lang)}${t("infra.vps.perMonth")}`,
                })),
              },
              {
                name: "image",
                label: t("infra.vps.image"),
                options: IMAGES.map((i) => ({ value: i.code, label: i.name })),
              },
            ]}
          />
        </section>
      )}
      <DataTable
        label={t("infra.tab.vps")}
        empty={t("infra.vps.none")}
        columns={[
          t("infra.vps.label"),
          t("infra.status"),
          t("infra.vps.region"),
          t("infra.vps.plan"),
          t("infra.vps.image"),
          t("infra.vps.address"),
        ]}
        actions={manage}
        rowCount={instances.length}
      >
        {instances.map((vps) => (
          <tr key={vps.id} className="border-b align-top" data-testid="vps-row">
            <td className="p-2 font-medium">{vps.label}</td>
            <td className="p-2">
              <span
                className={`rounded px-2 py-0.5 text-xs ${STATUS_TONE[vps.status] ?? "bg-amber-100 text-amber-900"}`}
                data-testid="vps-status"
                data-status={vps.status}
              >
                {t(`infra.vps.status.${vps.status}`)}
              </span>
            </td>
            <td className="p-2">{vps.region}</td>
            <td className="p-2">
              {vps.plan}
              <span className="block text-xs text-stone-500">
                {vps.vcpus} vCPU · {formatNumber(vps.memoryMb, lang)} MB · {formatNumber(vps.diskGb, lang)} GB
              </span>
            </td>
            <td className="p-2">{vps.image}</td>
            <td className="p-2 font-mono text-xs">
              {vps.ipv4}
              <span className="block">{vps.ipv6}</span>
            </td>
            {manage && (
              <td className="p-2">
                <VpsCommands
                  action={vpsCommandAction}
                  vpsId={vps.id}
                  commands={commands.map((c) => ({
                    command: c.command,
                    label: c.label,
                    confirmText: c.confirmText,
                    allowed: c.from.includes(vps.status),
                  }))}
                />
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
