import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestDb, seedWorkspace } from "@/test/helpers/test-db";
import { createZone } from "@/lib/infra/dns/manage-dns";
import type { Db } from "@/lib/db/client";
import { emailMailboxLog } from "@/db/schema";
import { countDelivered, countRejected } from "./activity-counters";
import { emailActivity } from "./email-activity";
import { createMailbox, deleteMailbox } from "./manage-mailboxes";

let db: Db;
let dir: string;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  process.env.DATA_DIR = dir;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const at = (iso: string) => new Date(iso);
const PASSWORD = "correct horse battery";

describe("email activity as history", () => {
  it("keeps each day's figures through a delete, lists who existed when, and sees only its workspace", async () => {
    const { workspace } = await seedWorkspace(db);
    const { workspace: other } = await seedWorkspace(db);
    await createZone(db, workspace.id, { domain: "history.test" });
    await createZone(db, other.id, { domain: "elsewhere.test" });
    const created = at("2026-03-01T08:00:00Z");
    const a = await createMailbox(
      db,
      workspace.id,
      { address: "a@history.test", password: PASSWORD, quota_mb: 10 },
      created,
    );
    const b = await createMailbox(
      db,
      workspace.id,
      { address: "b@history.test", password: PASSWORD, quota_mb: 10 },
      created,
    );
    const x = await createMailbox(
      db,
      other.id,
      { address: "x@elsewhere.test", password: PASSWORD, quota_mb: 10 },
      created,
    );

    await countDelivered(db, a, 1_000, at("2026-03-02T23:59:59Z"));
    await countDelivered(db, a, 500, at("2026-03-03T00:00:00Z"));
    await countDelivered(db, b, 200, at("2026-03-03T10:00:00Z"));
    await countRejected(db, { workspaceId: workspace.id, mailboxId: b.id }, 4_096, at("2026-03-03T11:00:00Z"));
    await countRejected(db, { workspaceId: workspace.id, mailboxId: null }, 0, at("2026-03-03T12:00:00Z"));
    await countDelivered(db, x, 9_999, at("2026-03-03T10:00:00Z")); // another workspace's

    const now = at("2026-03-04T12:00:00Z");
    const before = await emailActivity(db, workspace.id, 3, now);
    expect(before.daily).toEqual([
      { date: "2026-03-02", received: 1, bytes: 1_000, rejected: 0, rejected_bytes: 0, mailboxes: 2 },
      { date: "2026-03-03", received: 2, bytes: 700, rejected: 2, rejected_bytes: 4_096, mailboxes: 2 },
      { date: "2026-03-04", received: 0, bytes: 0, rejected: 0, rejected_bytes: 0, mailboxes: 2 },
    ]);
    expect(before.totals).toEqual({ received: 3, bytes: 1_700, rejected: 2, rejected_bytes: 4_096, accounts: 2 });
    expect(before.unknown_recipients).toEqual({ rejected: 1, rejected_bytes: 0 });

    // Deleted on the 3rd (the real clock is later, so it is backdated in the log for this window).
    await deleteMailbox(db, workspace.id, a.id);
    await db
      .update(emailMailboxLog)
      .set({ deletedAt: at("2026-03-03T18:00:00Z") })
      .where(eq(emailMailboxLog.mailboxId, a.id));
    const after = await emailActivity(db, workspace.id, 3, now);
    expect(after.totals).toEqual(before.totals);
    expect(after.daily.map((d) => d.mailboxes)).toEqual([2, 2, 1]); // a existed until the 3rd
    expect(after.daily.map(({ mailboxes: _, ...d }) => d)).toEqual(before.daily.map(({ mailboxes: _, ...d }) => d));
    expect(after.accounts).toEqual([
      {
        id: a.id,
        address: "a@history.test",
        created_at: created.toISOString(),
        deleted_at: "2026-03-03T18:00:00.000Z",
        received: 2,
        bytes: 1_500,
        rejected: 0,
        rejected_bytes: 0,
        last_received_at: "2026-03-03T00:00:00.000Z",
        message_count: null,
        used_bytes: null,
        quota_mb: null,
      },
      expect.objectContaining({ id: b.id, deleted_at: null, received: 1, rejected: 1, quota_mb: 10 }),
    ]);

    // A mailbox deleted before the window is not listed; its days outside the window are not counted.
    expect((await emailActivity(db, workspace.id, 1, at("2026-03-10T00:00:00Z"))).accounts.map((m) => m.id)).toEqual([
      b.id,
    ]);
    expect((await emailActivity(db, other.id, 3, now)).totals).toMatchObject({
      received: 1,
      bytes: 9_999,
      accounts: 1,
    });
  });
});
