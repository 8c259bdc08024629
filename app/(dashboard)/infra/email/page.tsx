import { DataTable } from "@/components/dashboard/data-table";
import { requireDashboard } from "../../dashboard-session";
import { createMailboxAction, deleteMailboxAction, resetPasswordAction } from "./actions";
import { can } from "@/lib/dashboard/permissions";
import { listMailboxes } from "@/lib/infra/email/manage-mailboxes";
import { InfraForm } from "@/components/infra/infra-form";
import { ActionButton } from "@/components/dashboard/action-button";
import { UsageBar } from "@/components/infra/usage-bar";
import { MailClientPanel } from "@/components/infra/mail-client-panel";
import { config } from "@/lib/config";
import { mailClientSettings } from "@/lib/infra/email/mail-client-settings";

export default async function EmailPage() {
  const { db, current, t, lang } = await requireDashboard();
  const manage = can(current.role, "manage_infra");
  const mailboxes = (await listMailboxes(db, current.workspace.id, { limit: 100 })).items;
  const date = (d: Date | null) =>
    d ? d.toLocaleString(lang === "id" ? "id-ID" : "en-GB", { timeZone: "UTC" }) + " UTC" : "—";
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600">{t("infra.email.intro")}</p>
      {manage && (
        <InfraForm
          action={createMailboxAction}
          submit={t("infra.email.create")}
          fields={[
            {
              name: "address",
              label: t("infra.email.address"),
              type: "email",
              placeholder: "ayu@example.com",
              required: true,
            },
            { name: "password", label: t("infra.email.password"), type: "password", required: true },
            { name: "quota_mb", label: t("infra.email.quota"), type: "number", initial: "1024" },
          ]}
        />
      )}
      <DataTable
        label={t("infra.tab.email")}
        empty={t("infra.email.none")}
        columns={[
          t("infra.email.address"),
          t("infra.email.usage"),
          t("infra.email.messages"),
          t("infra.email.lastLogin"),
        ]}
        actions={manage}
        rowCount={mailboxes.length}
      >
        {mailboxes.map((box) => (
          <tr key={box.id} className="border-b align-top" data-testid="mailbox">
            <td className="p-2 font-medium">
              {box.address}
              {box.status !== "active" && <span className="ml-2 text-xs text-red-700">{box.status}</span>}
            </td>
            <td className="p-2">
              <UsageBar
                used={box.usedBytes}
                quota={box.quotaMb * 1024 * 1024}
                label={`${t("infra.email.usage")} ${box.address}`}
                lang={lang}
              />
            </td>
            <td className="p-2">{box.messageCount}</td>
            <td className="p-2 text-xs">{date(box.lastLoginAt)}</td>
            {manage && (
              <td className="flex flex-wrap gap-2 p-2">
                <ActionButton
                  action={resetPasswordAction}
                  fields={{ mailboxId: box.id }}
                  label={t("infra.email.reset")}
                  confirmText={t("infra.email.resetConfirm")}
                  secretLabels={{ note: t("infra.email.passwordOnce"), copy: t("keys.copy"), copied: t("keys.copied") }}
                />
                <ActionButton
                  action={deleteMailboxAction}
                  fields={{ mailboxId: box.id }}
                  label={t("infra.delete")}
                  confirmText={t("infra.email.deleteConfirm")}
                  tone="danger"
                />
              </td>
            )}
          </tr>
        ))}
      </DataTable>
      <MailClientPanel settings={mailClientSettings(config())} t={t} />
    </div>
  );
}
