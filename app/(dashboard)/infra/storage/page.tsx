import { DataTable } from "@/components/dashboard/data-table";
import { requireDashboard } from "../../dashboard-session";
import { createBucketAction, createStorageKeyAction, deleteBucketAction, revokeStorageKeyAction } from "./actions";
import { can } from "@/lib/dashboard/permissions";
import { listBuckets, serializeBucket } from "@/lib/infra/storage/manage-buckets";
import { REGIONS } from "@/lib/infra/vps/catalogue";
import { listStorageCredentials, serializeStorageCredential } from "@/lib/infra/storage/storage-credentials";
import { s3Endpoint } from "@/lib/infra/storage/s3-endpoint";
import { config } from "@/lib/config";
import { InfraForm } from "@/components/infra/infra-form";
import { ActionButton } from "@/components/dashboard/action-button";
import { formatBytes, formatNumber } from "@/lib/i18n/format";
import { countText } from "@/lib/i18n/messages";

export default async function StoragePage() {
  const { db, current, t, lang } = await requireDashboard();
  const manage = can(current.role, "manage_infra");
  const buckets = await Promise.all(
    (await listBuckets(db, current.workspace.id, { limit: 100 })).items.map(
      async (row) => await serializeBucket(db, row),
    ),
  );
  const total = buckets.reduce((sum, b) => sum + b.size_bytes, 0);
  const objects = buckets.reduce((sum, b) => sum + b.object_count, 0);
  const keys = (await listStorageCredentials(db, current.workspace.id, { limit: 100 })).items.map(
    serializeStorageCredential,
  );
  return (
    <div className="space-y-6">
      <p className="text-sm text-stone-600">{t("infra.storage.intro")}</p>
      <p className="text-sm" data-testid="storage-totals">
        {countText(lang, buckets.length, "infra.storage.buckets")} · {formatBytes(total, lang)} ·{" "}
        {countText(lang, objects, "infra.storage.objects")}
      </p>
      {manage && (
        <InfraForm
          action={createBucketAction}
          submit={t("infra.storage.create")}
          fields={[
            { name: "name", label: t("infra.storage.name"), placeholder: "my-assets", required: true },
            {
              name: "region",
              label: t("infra.vps.region"),
              options: REGIONS.map((r) => ({ value: r.code, label: `${r.name} (${r.code})` })),
            },
          ]}
        />
      )}
      <DataTable
        label={t("infra.tab.storage")}
        empty={t("infra.storage.none")}
        columns={[t("infra.storage.name"), t("infra.vps.region"), t("infra.storage.size"), t("infra.storage.objects")]}
        actions={manage}
        rowCount={buckets.length}
      >
        {buckets.map((bucket) => (
          <tr key={bucket.name} className="border-b align-top" data-testid="bucket">
            <td className="p-2 font-mono">{bucket.name}</td>
            <td className="p-2">{bucket.region}</td>
            <td className="p-2">{formatBytes(bucket.size_bytes, lang)}</td>
            <td className="p-2">{formatNumber(bucket.object_count, lang)}</td>
            {manage && (
              <td className="p-2">
                <ActionButton
                  action={deleteBucketAction}
                  fields={{ name: bucket.name }}
                  label={t("infra.delete")}
                  confirmText={t("infra.storage.deleteConfirm")}
                  tone="danger"
                />
              </td>
            )}
          </tr>
        ))}
      </DataTable>

      <h2 className="text-lg font-semibold">{t("infra.storage.keys")}</h2>
      <p className="text-sm text-stone-600">
        {t("infra.storage.keysIntro")}{" "}
        <span className="font-mono text-xs" data-testid="s3-endpoint">
          {s3Endpoint()}
        </span>{" "}
        · {t("infra.storage.region")} <span className="font-mono text-xs">{config().S3_REGION}</span>
      </p>
      {manage && (
        <InfraForm
          action={createStorageKeyAction}
          submit={t("infra.storage.createKey")}
          secretLabels={{ note: t("infra.storage.secretOnce"), copy: t("keys.copy"), copied: t("keys.copied") }}
          fields={[
            { name: "name", label: t("infra.storage.keyName"), placeholder: "laptop", required: true },
            { name: "buckets", label: t("infra.storage.keyBuckets"), placeholder: buckets[0]?.name ?? "" },
            {
              name: "access",
              label: t("infra.storage.keyAccess"),
              options: [
                { value: "write", label: t("infra.storage.readWrite") },
                { value: "read", label: t("infra.storage.readOnly") },
              ],
            },
          ]}
        />
      )}
      <DataTable
        label={t("infra.storage.keys")}
        empty={t("infra.storage.noKeys")}
        columns={[
          t("infra.storage.keyName"),
          t("infra.storage.accessKeyId"),
          t("infra.tab.storage"),
          t("infra.storage.keyAccess"),
        ]}
        actions={manage}
        rowCount={keys.length}
      >
        {keys.map((key) => (
          <tr key={key.id} className="border-b align-top" data-testid="storage-key">
            <td className="p-2">{key.name}</td>
            <td className="p-2 font-mono">
              {key.access_key_id}
              {key.revoked_at && <span className="ml-2 text-xs text-stone-500">({t("infra.storage.revoked")})</span>}
            </td>
            <td className="p-2 font-mono">{key.buckets?.join(", ") ?? t("infra.storage.allBuckets")}</td>
            <td className="p-2">{key.read_only ? t("infra.storage.readOnly") : t("infra.storage.readWrite")}</td>
            {manage && (
              <td className="p-2">
                {!key.revoked_at && (
                  <ActionButton
                    action={revokeStorageKeyAction}
                    fields={{ id: key.id }}
                    label={t("infra.storage.revoke")}
                    confirmText={t("infra.storage.revokeConfirm")}
                    tone="danger"
                  />
                )}
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
