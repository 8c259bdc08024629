import fs from "node:fs";
import path from "node:path";
import { emailOutbound } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { dataPath } from "@/lib/config";
import { newId } from "@/lib/ids";
import type { Relay } from "./smtp-delivery";

export const outboundPath = (id: string) => dataPath("outbound", `${id}.eml`);

/**
 * Mail to other domains, kept until the smarthost takes it: the message is written (tmp + rename) and only
 * then its row, so every queued row has its whole file, and the submitting client's 250 means durable.
 */
export async function queueOutboundMail(
  db: Db,
  item: { workspaceId: string; mailboxId: string; from: string; to: string[]; message: Buffer },
  now = new Date(),
): Promise<string> {
  const id = newId("outboundMail");
  const file = outboundPath(id);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(`${file}.tmp`, item.message, { flag: "wx" });
  fs.renameSync(`${file}.tmp`, file);
  try {
    await db.insert(emailOutbound).values({
      id,
      workspaceId: item.workspaceId,
      mailboxId: item.mailboxId,
      mailFrom: item.from,
      rcptTo: JSON.stringify(item.to),
      sizeBytes: item.message.length,
      nextAttemptAt: now,
      createdAt: now,
    });
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
  return id;
}

export const outboundRelay = (db: Db): Relay => ({
  enqueue: async (item) => {
    await queueOutboundMail(db, item);
  },
});
