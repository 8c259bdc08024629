import { desc, eq } from "drizzle-orm";
import { fileVersions } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { getFile } from "./get-file";
import { diffVersions } from "./diff-versions";
import { serializeVersion } from "./serialize-file";

/** Versions newest first, each with its diff against the version before it (version 1 has none). */
export function listVersions(db: Db, workspaceId: string, fileId: string) {
  const file = getFile(db, workspaceId, fileId);
  const versions = db.select().from(fileVersions).where(eq(fileVersions.fileId, file.id)).orderBy(desc(fileVersions.number)).all();
  return versions.map((version, i) => {
    const previous = versions[i + 1];
    return { ...serializeVersion(version), diff: previous ? diffVersions(previous, version) : null };
  });
}
