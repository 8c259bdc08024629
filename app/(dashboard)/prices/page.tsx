import { requireDashboard } from "../dashboard-session";
import { importProfileAction, publishCatalogAction } from "./actions";
import { getActiveCatalog } from "@/lib/quotes/catalog-store";
import { familySettings, listLaserOptions, laserCutRate, pierceFee, processOf } from "@/lib/pricing";
import { profileFromSettings } from "@/lib/print-estimate/profile-settings";
import { can } from "@/lib/dashboard/permissions";
import { formatIdr, formatIdrRate, formatNumber } from "@/lib/i18n/format";
import { catalogNoteText } from "@/lib/i18n/catalog-notes";
import { CatalogEditor } from "@/components/prices/catalog-editor";
import { ProfileImporter } from "@/components/prices/profile-importer";

export default async function PricesPage() {
  const { db, current, t, lang } = await requireDashboard();
  const stored = await getActiveCatalog(db, current.workspace.id);
  const { print_3d: print, laser } = stored.catalog;
  const cell = "p-2";
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold">{t("prices.title")}</h1>
      <p className="text-sm text-stone-600">
        {t("prices.intro")} <span data-testid="catalog-version">v{stored.version}</span>
        {stored.note && <span data-testid="catalog-note"> — {catalogNoteText(stored.note, t)}</span>}
      </p>
      <section>
        <h2 className="mb-2 font-medium">
          {t("prices.print")} —{" "}
          <span data-testid="print-rates">
            {t("prices.setup")} {formatIdr(print.setup_idr, lang)}, {t("prices.machine")}{" "}
            {formatIdrRate(print.machine_idr_per_hour, t("prices.perHour"), lang, 0)}
          </span>
        </h2>
        <table className="w-full bg-white text-sm">
          <thead>
            <tr className="border-b text-left text-stone-500">
              <th className={cell}>{t("prices.material")}</th>
              <th className={cell}>g/cm³</th>
              <th className={cell}>{t("prices.perGram")}</th>
            </tr>
          </thead>
          <tbody>
            {print.materials.map((m) => (
              <tr key={m.id} className="border-b">
                <td className={cell}>{m.label}</td>
                <td className={cell}>{formatNumber(m.density_g_cm3, lang)}</td>
                <td className={cell}>{formatIdr(m.price_idr_per_gram, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h2 className="mb-2 font-medium">{t("prices.profiles")}</h2>
        <table className="w-full bg-white text-sm" data-testid="print-profiles">
          <thead>
            <tr className="border-b text-left text-stone-500">
              <th className={cell}>{t("prices.family")}</th>
              <th className={cell}>{t("prices.layer")}</th>
              <th className={cell}>{t("prices.walls")}</th>
              <th className={cell}>{t("prices.infillPattern")}</th>
              <th className={cell}>{t("prices.speeds")}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(print.families).map(([id, family]) => {
              const settings = familySettings(id, family);
              const mm = (key: string) => `${formatNumber(Number(settings[key]), lang)}`;
              if (processOf(family) === "sla") {
                const resin = t("prices.resin")
                  .replace("{exposure}", mm("exposure_time"))
                  .replace("{initial}", mm("initial_exposure_time"))
                  .replace("{fast}", mm("fast_tilt_time"))
                  .replace("{slow}", mm("slow_tilt_time"));
                return (
                  <tr key={id} className="border-b">
                    <td className={cell}>{family.label}</td>
                    <td className={cell}>{mm("layer_height")} mm</td>
                    <td className={cell} colSpan={3}>
                      {resin}
                    </td>
                  </tr>
                );
              }
              const p = profileFromSettings(settings);
              const speeds = [p.speeds.perimeter, p.speeds.externalPerimeter, p.speeds.infill, p.speeds.travel]
                .map((v) => formatNumber(v, lang))
                .join(" / ");
              return (
                <tr key={id} className="border-b">
                  <td className={cell}>{family.label}</td>
                  <td className={cell}>{formatNumber(p.layerHeight, lang)} mm</td>
                  <td className={cell}>
                    {p.perimeters} / {p.topSolidLayers} / {p.bottomSolidLayers}
                  </td>
                  <td className={cell}>{p.fillPattern}</td>
                  <td className={cell}>
                    {speeds} mm/s
                    {settings.filament_max_volumetric_speed
                      ? `, ${t("prices.flowLimit")} ${mm("filament_max_volumetric_speed")} mm³/s`
                      : ""}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <section>
        <h2 className="mb-2 font-medium">
          {t("prices.laser")} — {t("prices.setup")} {formatIdr(laser.setup_idr, lang)}
        </h2>
        <table className="w-full bg-white text-sm">
          <thead>
            <tr className="border-b text-left text-stone-500">
              <th className={cell}>{t("prices.material")}</th>
              <th className={cell}>mm</th>
              <th className={cell}>{t("prices.cutRate")}</th>
              <th className={cell}>{t("prices.pierceFee")}</th>
            </tr>
          </thead>
          <tbody>
            {listLaserOptions(stored.catalog).map(({ material, thickness_mm }) => (
              <tr key={`${material.id}-${thickness_mm}`} className="border-b">
                <td className={cell}>{material.label}</td>
                <td className={cell}>{formatNumber(thickness_mm, lang)}</td>
                <td className={cell} data-testid="cut-rate">
                  {formatIdrRate(laserCutRate(material, thickness_mm), "/mm", lang)}
                </td>
                <td className={cell}>{formatIdr(pierceFee(material, thickness_mm, laser.pierce_fee), lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {can(current.role, "manage_prices") && (
        <ProfileImporter
          action={importProfileAction}
          families={Object.entries(print.families).map(([id, family]) => ({ id, label: family.label }))}
          labels={{
            import: t("prices.import"),
            family: t("prices.family"),
            button: t("prices.importButton"),
            imported: t("prices.imported"),
          }}
        />
      )}
      {can(current.role, "manage_prices") && (
        <CatalogEditor
          action={publishCatalogAction}
          initialJson={JSON.stringify(stored.catalog, null, 2)}
          labels={{
            catalog: t("prices.edit"),
            note: t("prices.note"),
            publish: t("prices.publish"),
            published: t("prices.published"),
          }}
        />
      )}
    </div>
  );
}
