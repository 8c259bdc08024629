import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import { workspaces } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import { getDb, type Db } from "@/lib/db/client";
import { formatIdr, formatNumber } from "@/lib/i18n/format";
import { getActiveCatalog, importPrintProfile, publishCatalog, type StoredCatalog } from "@/lib/quotes/catalog-store";
import { printResult, UsageError } from "../output";

type Options = Record<string, string | boolean | undefined>;

async function openWorkspace(options: Options): Promise<{ db: Db; workspaceId: string }> {
  const workspaceId = options.workspace;
  if (typeof workspaceId !== "string" || !workspaceId) throw new UsageError("--workspace ID is required");
  const db = getDb();
  if (!(await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1))[0]) {
    throw new DomainError("not_found", `No workspace ${workspaceId}.`, { param: "workspace" });
  }
  return { db, workspaceId };
}

function serialize(row: StoredCatalog) {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
    note: row.note,
    catalog: row.catalog,
  };
}

function describeCatalog(row: StoredCatalog): string {
  const { print_3d: print, laser } = row.catalog;
  return [
    `Catalogue v${row.version} of ${row.workspaceId}, ${row.createdAt.toISOString()} by ${row.createdBy}${row.note ? ` (${row.note})` : ""}`,
    `3D printing: setup ${formatIdr(print.setup_idr)}, machine ${formatIdr(print.machine_idr_per_hour)}/h`,
    ...print.materials.map(
      (m) =>
        `  ${m.id.padEnd(12)} ${m.label.padEnd(20)} ${m.density_g_cm3} g/cm³  ${formatIdr(m.price_idr_per_gram)}/g`,
    ),
    `Laser: setup ${formatIdr(laser.setup_idr)}, thicknesses ${laser.thicknesses_mm.join(", ")} mm`,
    ...laser.materials.map(
      (m) =>
        `  ${m.id.padEnd(12)} ${m.label.padEnd(20)} ${m.thickness_min_mm}–${m.thickness_max_mm} mm  ` +
        `Rp ${formatNumber(m.cut_rate_min_idr_per_mm, "id")}–${formatNumber(m.cut_rate_max_idr_per_mm, "id")}/mm`,
    ),
  ].join("\n");
}

/** The active catalogue; a workspace that has none gets DEFAULT_CATALOG as version 1. */
export async function runPricesShow(options: Options, json: boolean): Promise<void> {
  const { db, workspaceId } = await openWorkspace(options);
  const row = await getActiveCatalog(db, workspaceId);
  printResult(serialize(row), json, () => describeCatalog(row));
}

/** The bare catalogue JSON, ready to edit and feed back to `prices set`. */
export async function runPricesExport(options: Options): Promise<void> {
  const { db, workspaceId } = await openWorkspace(options);
  process.stdout.write(`${JSON.stringify((await getActiveCatalog(db, workspaceId)).catalog, null, 2)}\n`);
}

export async function runPricesSet(options: Options, json: boolean): Promise<void> {
  if (typeof options.file !== "string")
    throw new UsageError("usage: bengkel prices set --workspace ID --file catalog.json [--note TEXT]");
  const text = await fs.readFile(options.file, "utf8").catch((error: Error) => {
    throw new DomainError("not_found", `Cannot read ${options.file}: ${error.message}`, { param: "file" });
  });
  let catalog: unknown;
  try {
    catalog = JSON.parse(text);
  } catch (error) {
    throw new DomainError("invalid_json", `${options.file} is not JSON: ${(error as Error).message}`, {
      param: "file",
    });
  }
  const { db, workspaceId } = await openWorkspace(options);
  const note = typeof options.note === "string" ? options.note : undefined;
  const row = await publishCatalog(db, workspaceId, catalog, "cli", note);
  printResult(serialize(row), json, () => `Published catalogue v${row.version} for ${workspaceId}; new quotes use it.`);
}

/** A PrusaSlicer config.ini as a family's print profile, published as the next catalogue version. */
export async function runPricesImportProfile(options: Options, json: boolean): Promise<void> {
  if (typeof options.file !== "string" || typeof options.family !== "string") {
    throw new UsageError("usage: bengkel prices import-profile --workspace ID --family fdm --file config.ini");
  }
  const ini = await fs.readFile(options.file, "utf8").catch((error: Error) => {
    throw new DomainError("not_found", `Cannot read ${options.file}: ${error.message}`, { param: "file" });
  });
  const { db, workspaceId } = await openWorkspace(options);
  const { stored, imported, ignored } = await importPrintProfile(db, workspaceId, {
    family: options.family,
    ini,
    actor: "cli",
  });
  printResult({ ...serialize(stored), imported, ignored }, json, () =>
    [
      `Published catalogue v${stored.version} for ${workspaceId}: ${options.family} now slices with ${imported.length} settings from ${options.file}.`,
      `Ignored (${ignored.length}): ${ignored.join(", ") || "none"}`,
    ].join("\n"),
  );
}
