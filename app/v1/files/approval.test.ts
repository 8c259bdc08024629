import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { POST as submit } from "./[id]/submit/route";
import { POST as approve } from "./[id]/approve/route";
import { POST as reject } from "./[id]/reject/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { addTestVersion, boxStl, createTestFile, useTestBlobs } from "@/test/helpers/files";
import { webhookEvents } from "@/db/schema";
import { createApiKey } from "@/lib/auth/api-keys";
import type { Db } from "@/lib/db/client";
import type { BlobStore } from "@/lib/files/blob-store";

let db: Db;
let blobs: BlobStore;
beforeAll(async () => {
  const t = await useTestDb();
  db = t.db;
  blobs = useTestBlobs(t.dir);
});

type Handler = typeof submit;
const act = (handler: Handler, key: string, id: string, body?: unknown) =>
  handler(apiRequest(`/v1/files/${id}/x`, { method: "POST", key, body }), routeParams({ id }));

const eventTypes = async (workspaceId: string) =>
  (
    await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.workspaceId, workspaceId))
      .orderBy(webhookEvents.createdAt)
  ).map((e) => e.type);

describe("approval", () => {
  it("draft → pending → rejected → pending → approved, each recorded and emitted", async () => {
    const { workspace, secret, key } = await seedWorkspace(db);
    const { file } = await createTestFile(db, blobs, workspace.id, boxStl(10, 10, 10), "c.stl");

    expect((await (await act(submit, secret, file.id)).json()).data.file.status).toBe("pending_approval");
    const rejected = await (await act(reject, secret, file.id, { reason: "Wall too thin" })).json();
    expect(rejected.data.file.status).toBe("rejected");
    await act(submit, secret, file.id);
    const approved = await (await act(approve, secret, file.id)).json();
    expect(approved.data.file.status).toBe("approved");
    expect(approved.data.history.map((h: { to: string }) => h.to)).toEqual([
      "pending_approval",
      "rejected",
      "pending_approval",
      "approved",
    ]);
    // Each step names its actor for a person too: the key's name, not only its id.
    expect(approved.data.history[1]).toMatchObject({
      from: "pending_approval",
      reason: "Wall too thin",
      actor: key.id,
      actor_name: `API key “${key.name}”`,
    });
    expect(await eventTypes(workspace.id)).toEqual([
      "file.uploaded",
      "file.submitted",
      "file.rejected",
      "file.submitted",
      "file.approved",
    ]);
  });

  it("a new version returns the file to draft and emits file.version_created", async () => {
    const { workspace, secret } = await seedWorkspace(db);
    const { file } = await createTestFile(db, blobs, workspace.id, boxStl(10, 10, 10), "c.stl");
    await act(submit, secret, file.id);
    await act(approve, secret, file.id);
    const next = await addTestVersion(db, blobs, workspace.id, file.id, boxStl(10, 10, 12), "c.stl");
    expect(next.file.status).toBe("draft");
    expect((await eventTypes(workspace.id)).at(-1)).toBe("file.version_created");
  });

  it("wrong transitions are 409 with the current status", async () => {
    const { workspace, secret } = await seedWorkspace(db);
    const { file } = await createTestFile(db, blobs, workspace.id, boxStl(10, 10, 10), "c.stl");
    const res = await act(approve, secret, file.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toMatchObject({ code: "invalid_state", details: { current_status: "draft" } });
    await act(submit, secret, file.id);
    expect((await act(submit, secret, file.id)).status).toBe(409);
  });

  it("reject needs a reason; approving needs files:approve; other workspaces get 404", async () => {
    const { workspace, secret } = await seedWorkspace(db);
    const writer = await createApiKey(db, { workspaceId: workspace.id, name: "writer", scopes: ["files:write"] });
    const other = await seedWorkspace(db);
    const { file } = await createTestFile(db, blobs, workspace.id, boxStl(10, 10, 10), "c.stl");
    await act(submit, secret, file.id);
    const noReason = await act(reject, secret, file.id, {});
    expect((await noReason.json()).error).toMatchObject({ code: "invalid_request", param: "reason" });
    const denied = await act(approve, writer.secret, file.id);
    expect((await denied.json()).error).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "files:approve" },
    });
    expect((await act(approve, other.secret, file.id)).status).toBe(404);
    expect((await act(approve, secret, file.id)).status).toBe(200);
  });
});
