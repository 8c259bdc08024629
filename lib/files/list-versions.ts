import { desc, eq } from "drizzle-orm";
import { fileVersions } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { getFile } from "./get-file";
import { diffVersions } from "./diff-versions";
import { serializeVersion } from "./serialize-file";
import { getActiveCatalog } from "@/lib/quotes/catalog-store";
import { storedReferenceFigures } from "@/lib/quotes/print-estimates";

/**
 * Versions newest first, each with its diff against the version before it (version 1 has none). Reference
 * prices use the workspace's catalogue and the print estimates stored for each version, like a quote.
 */
export async function listVersions(db: Db, workspaceId: string, fileId: string) {
  const file = await getFile(db, workspaceId, fileId);
  const versions = await db
    .select()
    .from(fileVersions)
    .where(eq(fileVersions.fileId, file.id))
    .orderBy(desc(fileVersions.number));
  const catalog = (await getActiveCatalog(db, workspaceId)).catalog;
  const figures = await Promise.all(
    versions.map(async (version) => await storedReferenceFigures(db, version, catalog)),
  );
  return versions.map((version, i) => {
    const previous = versions[i + 1];
    return {
      ...serializeVersion(version),
      diff: previous ? diffVersions(previous, version, catalog, { prev: figures[i + 1], next: figures[i] }) : null,
    };
  });
}
