import { requireDashboard } from "../dashboard-session";
import { createKeyAction, revokeKeyAction } from "../actions";
import { listApiKeys } from "@/lib/auth/api-keys";
import { can } from "@/lib/dashboard/permissions";
import { scopesForPlan } from "@/lib/plans/plans";
import { CreateKeyForm } from "@/components/keys/create-key-form";
import { RevokeKeyButton } from "@/components/keys/revoke-key-button";

export default async function KeysPage() {
  const { db, current, t, lang } = await requireDashboard();
  const keys = await listApiKeys(db, current.workspace.id);
  const manage = can(current.role, "manage_keys");
  const date = (d: Date | null) =>
    d ? d.toLocaleString(lang === "id" ? "id-ID" : "en-GB", { timeZone: "UTC" }) + " UTC" : t("keys.never");
  const status = (k: (typeof keys)[number]) =>
    k.revokedAt ? t("keys.revoked") : k.expiresAt && k.expiresAt <= new Date() ? t("keys.expired") : t("keys.active");
  return (
    <div className="max-w-4xl space-y-6">
      <h1 className="text-2xl font-semibold">{t("keys.title")}</h1>
      <p className="text-sm text-stone-600">{t("keys.intro")}</p>
      {manage ? (
        <CreateKeyForm
          action={createKeyAction}
          scopes={scopesForPlan(current.workspace.plan)}
          labels={{
            name: t("keys.name"),
            scopes: t("keys.scopes"),
            allScopes: t("keys.noneMeansAll"),
            expires: t("keys.expires"),
            create: t("keys.create"),
            created: t("keys.created"),
            copy: t("keys.copy"),
            copied: t("keys.copied"),
          }}
        />
      ) : (
        <p className="text-sm text-stone-500">{t("keys.readOnly")}</p>
      )}
      <table className="w-full border-collapse bg-white text-sm" data-testid="keys-table">
        <thead>
          <tr className="border-b text-left text-stone-500">
            <th className="p-2">{t("keys.name")}</th>
            <th className="p-2">Key</th>
            <th className="p-2">{t("keys.scopes")}</th>
            <th className="p-2">{t("keys.created_at")}</th>
            <th className="p-2">{t("keys.lastUsed")}</th>
            <th className="p-2">{t("keys.status")}</th>
            <th className="p-2" />
          </tr>
        </thead>
        <tbody>
          {keys.length === 0 && (
            <tr>
              <td colSpan={7} className="p-4 text-center text-stone-500">
                {t("keys.none")}
              </td>
            </tr>
          )}
          {keys.map((key) => (
            <tr key={key.id} className="border-b" data-key-id={key.id}>
              <td className="p-2 font-medium">{key.name}</td>
              <td className="p-2 font-mono text-xs">{key.displayHint}</td>
              <td className="p-2 text-xs">{key.scopes.length ? key.scopes.join(", ") : t("keys.allScopes")}</td>
              <td className="p-2 text-xs">{date(key.createdAt)}</td>
              <td className="p-2 text-xs">{date(key.lastUsedAt)}</td>
              <td className="p-2" data-testid="key-status">
                {status(key)}
              </td>
              <td className="p-2 text-right">
                {manage && !key.revokedAt && (
                  <RevokeKeyButton
                    action={revokeKeyAction}
                    keyId={key.id}
                    label={t("keys.revoke")}
                    confirmText={t("keys.revokeConfirm")}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
