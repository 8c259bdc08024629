import type { Db } from "@/lib/db/client";
import { changeFileStatus, listStatusEvents, type StatusAction } from "./change-file-status";
import { serializeFile } from "./serialize-file";

/** An approval action as the API answers it: the file and its whole status history. */
export async function transitionFile(
  db: Db,
  input: { workspaceId: string; fileId: string; action: StatusAction; actor: string; reason?: string },
) {
  const file = await changeFileStatus(db, input);
  return { file: serializeFile(file), history: await listStatusEvents(db, input.workspaceId, input.fileId) };
}
