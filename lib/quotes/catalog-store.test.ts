import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { priceCatalogs } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { DEFAULT_CATALOG } from "@/lib/pricing/catalog";
import { getActiveCatalog, publishCatalog } from "./catalog-store";

let db: Db;
beforeAll(async () => ({ db } = await useTestDb()));

describe("catalogue store", () => {
  it("seeds DEFAULT_CATALOG as version 1 on first use, once", async () => {
    const { workspace } = await seedWorkspace(db);
    const first = await getActiveCatalog(db, workspace.id);
    expect(first).toMatchObject({ version: 1, createdBy: "system", catalog: DEFAULT_CATALOG });
    expect(first.id).toMatch(/^cat_/);
    expect((await getActiveCatalog(db, workspace.id)).id).toBe(first.id);
  });

  it("publishes validated catalogues as increasing versions, per workspace", async () => {
    const a = (await seedWorkspace(db)).workspace;
    const b = (await seedWorkspace(db)).workspace;
    const cheaper = structuredClone(DEFAULT_CATALOG);
    cheaper.print_3d.materials[0].price_idr_per_gram = 300;
    const v2 = await publishCatalog(db, a.id, cheaper, "usr_admin", "PLA promo");
    expect(v2).toMatchObject({ version: 2, createdBy: "usr_admin", note: "PLA promo" });
    expect((await publishCatalog(db, a.id, DEFAULT_CATALOG, "cli")).version).toBe(3);
    expect(await getActiveCatalog(db, a.id)).toMatchObject({ version: 3, catalog: DEFAULT_CATALOG });
    expect((await getActiveCatalog(db, b.id)).version).toBe(1);
    const history = await db
      .select({ v: priceCatalogs.version })
      .from(priceCatalogs)
      .where(eq(priceCatalogs.workspaceId, a.id));
    expect(history.map((r) => r.v).sort()).toEqual([1, 2, 3]);
  });

  it("refuses an invalid catalogue, naming the field, and stores nothing", async () => {
    const { workspace } = await seedWorkspace(db);
    const bad = structuredClone(DEFAULT_CATALOG) as unknown as { print_3d: { materials: { density_g_cm3: number }[] } };
    bad.print_3d.materials[0].density_g_cm3 = -1;
    let error: unknown;
    try {
      await publishCatalog(db, workspace.id, bad, "cli");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: "invalid_request", param: "print_3d.materials.0.density_g_cm3" });
    expect((await getActiveCatalog(db, workspace.id)).version).toBe(1);
  });
});
