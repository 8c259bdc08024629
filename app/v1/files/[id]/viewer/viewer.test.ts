import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { GET as createLink } from "./route";
import { GET as listTokens } from "./tokens/route";
import { DELETE as revoke } from "./[token_id]/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { addTestVersion, boxStl, createTestFile, useTestBlobs } from "@/test/helpers/files";
import { viewerTokens } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import type { BlobStore } from "@/lib/files/blob-store";
import { createApiKey } from "@/lib/auth/api-keys";
import { hashViewerToken } from "@/lib/viewer/viewer-tokens";
import { resolveViewerToken } from "@/lib/viewer/resolve-viewer-token";
import { GET as openEmbed } from "@/app/embed/[token]/route";

let db: Db;
let blobs: BlobStore;
const dataDir = process.env.DATA_DIR;
beforeAll(async () => {
  const test = await useTestDb();
  db = test.db;
  blobs = useTestBlobs(test.dir);
  // Creating a link starts the display conversion in the background: keep its output in the test folder.
  process.env.DATA_DIR = test.dir;
});
afterAll(() => {
  if (dataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = dataDir;
});

async function setup(plan: "free" | "pro" = "free") {
  const { workspace, secret } = await seedWorkspace(db, { plan });
  const { file } = await createTestFile(db, blobs, workspace.id, boxStl(10, 10, 10), "box.stl");
  return { workspace, secret, file };
}

const link = (key: string, fileId: string, query = "") =>
  createLink(apiRequest(`/v1/files/${fileId}/viewer${query}`, { key }), routeParams({ id: fileId }));

describe("GET /v1/files/{id}/viewer", () => {
  it("builds the embed link on the public origin: PUBLIC_URL, else the proxy's forwarded host when trusted", async () => {
    const { secret, file } = await setup("free");
    const forwarded = { "x-forwarded-host": "shop.example.id", "x-forwarded-proto": "https" };
    const embedUrl = async () =>
      (
        await (
          await createLink(
            apiRequest(`/v1/files/${file.id}/viewer`, { key: secret, headers: forwarded }),
            routeParams({ id: file.id }),
          )
        ).json()
      ).data.embed_url;
    try {
      process.env.TRUST_PROXY = "true";
      expect(await embedUrl()).toMatch(/^https:\/\/shop\.example\.id\/embed\//);
      delete process.env.TRUST_PROXY;
      expect(await embedUrl()).toMatch(/^http:\/\/localhost\/embed\//);
      Object.assign(process.env, { PUBLIC_URL: "https://cad.example.id", TRUST_PROXY: "true" });
      expect(await embedUrl()).toMatch(/^https:\/\/cad\.example\.id\/embed\//);
    } finally {
      delete process.env.PUBLIC_URL;
      delete process.env.TRUST_PROXY;
    }
  });

  it("creates a token on the free plan; only its hash is stored", async () => {
    const { secret, file } = await setup("free");
    const res = await link(secret, file.id);
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.token_id).toMatch(/^vtk_/);
    expect(data.token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits of base64url
    expect(data.embed_url).toBe(`http://localhost/embed/${data.token}`);
    expect(data.iframe_html).toContain(`src="${data.embed_url}"`);
    expect(data.expires_at).toBeNull();
    const row = (await db.select().from(viewerTokens).where(eq(viewerTokens.id, data.token_id)).limit(1))[0]!;
    expect(row.tokenHash).toBe(hashViewerToken(data.token));
    expect(JSON.stringify(row)).not.toContain(data.token);
    expect(row).toMatchObject({ versionId: null, allowDownload: false });
  });

  it("pins a version, sets expiry and download from the query", async () => {
    const { workspace, secret, file } = await setup();
    await addTestVersion(db, blobs, workspace.id, file.id, boxStl(20, 10, 10), "box2.stl");
    const before = Date.now();
    const { data } = await (await link(secret, file.id, "?version=1&expires_in=3600&allow_download=true")).json();
    expect(new Date(data.expires_at).getTime()).toBeGreaterThanOrEqual(before + 3600_000);
    const resolved = await resolveViewerToken(db, data.token);
    expect(resolved.state).toBe("active");
    if (resolved.state !== "active") return;
    expect(resolved.version.number).toBe(1);
    expect(resolved.token.allowDownload).toBe(true);
    const latest = await resolveViewerToken(db, (await (await link(secret, file.id)).json()).data.token);
    expect(latest.state === "active" && latest.version.number).toBe(2);
  });

  it("rejects a bad query and another workspace's file (404)", async () => {
    const { secret, file } = await setup();
    expect((await link(secret, file.id, "?allow_download=maybe")).status).toBe(400);
    expect((await link(secret, file.id, "?version=9")).status).toBe(404);
    const other = await seedWorkspace(db);
    expect((await link(other.secret, file.id)).status).toBe(404);
    expect(
      (
        await listTokens(
          apiRequest(`/v1/files/${file.id}/viewer/tokens`, { key: other.secret }),
          routeParams({ id: file.id }),
        )
      ).status,
    ).toBe(404);
  });

  it("needs files:read", async () => {
    const { workspace, file } = await setup();
    const { secret } = await createApiKey(db, { workspaceId: workspace.id, name: "writer", scopes: ["files:write"] });
    expect((await link(secret, file.id)).status).toBe(403);
  });
});

describe("tokens list, revoke, expiry", () => {
  it("lists without secrets, revokes (idempotent), and resolves revoked/expired/unknown", async () => {
    const { secret, file } = await setup();
    const first = (await (await link(secret, file.id)).json()).data;
    const second = (await (await link(secret, file.id, "?expires_in=60")).json()).data;
    const listed = await (
      await listTokens(apiRequest(`/v1/files/${file.id}/viewer/tokens`, { key: secret }), routeParams({ id: file.id }))
    ).json();
    expect(listed.data.map((t: { id: string }) => t.id).sort()).toEqual([first.token_id, second.token_id].sort());
    expect(JSON.stringify(listed)).not.toContain(first.token);
    expect(listed.data.every((t: { state: string }) => t.state === "active")).toBe(true);

    const del = () =>
      revoke(
        apiRequest(`/v1/files/${file.id}/viewer/${first.token_id}`, { method: "DELETE", key: secret }),
        routeParams({ id: file.id, token_id: first.token_id }),
      );
    const revoked = await (await del()).json();
    expect(revoked.data).toMatchObject({ id: first.token_id, state: "revoked" });
    expect((await (await del()).json()).data.revoked_at).toBe(revoked.data.revoked_at);
    expect((await resolveViewerToken(db, first.token)).state).toBe("revoked");

    await db
      .update(viewerTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(viewerTokens.id, second.token_id));
    expect((await resolveViewerToken(db, second.token)).state).toBe("expired");
    expect((await resolveViewerToken(db, "x".repeat(32))).state).toBe("unknown");
    expect((await resolveViewerToken(db, "../../etc")).state).toBe("unknown");
  });

  it("another workspace cannot revoke (404)", async () => {
    const { secret, file } = await setup();
    const { token_id } = (await (await link(secret, file.id)).json()).data;
    const other = await seedWorkspace(db);
    const res = await revoke(
      apiRequest(`/v1/files/${file.id}/viewer/${token_id}`, { method: "DELETE", key: other.secret }),
      routeParams({ id: file.id, token_id }),
    );
    expect(res.status).toBe(404);
  });

  it("revoking needs files:write: a read-only key may make links but not take them away", async () => {
    const { workspace, secret, file } = await setup();
    const { token_id } = (await (await link(secret, file.id)).json()).data;
    const { createApiKey } = await import("@/lib/auth/api-keys");
    const reader = (await createApiKey(db, { workspaceId: workspace.id, name: "reader", scopes: ["files:read"] }))
      .secret;
    const res = await revoke(
      apiRequest(`/v1/files/${file.id}/viewer/${token_id}`, { method: "DELETE", key: reader }),
      routeParams({ id: file.id, token_id }),
    );
    expect([res.status, (await res.json()).error.details.required_scope]).toEqual([403, "files:write"]);
  });
});

describe("GET /embed/{token}", () => {
  const embed = (token: string, query = "", headers: Record<string, string> = {}) =>
    openEmbed(new Request(`http://localhost/embed/${token}${query}`, { headers }), {
      params: Promise.resolve({ token }),
    });

  it("sends a valid link on to the viewer page with its options, framable anywhere", async () => {
    const { secret, file } = await setup();
    const { token } = (await (await link(secret, file.id)).json()).data;
    const res = await embed(token, "?lang=id&bg=dark");
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe(`/embed/${token}/view?lang=id&bg=dark`);
    expect(res.headers.get("content-security-policy")).toBe("frame-ancestors *");
  });

  it("says a link is no longer valid in the viewer's language: ?lang=, else the browser's", async () => {
    const { secret, file } = await setup();
    const { token, token_id } = (await (await link(secret, file.id)).json()).data;
    await revoke(
      apiRequest(`/v1/files/${file.id}/viewer/${token_id}`, { method: "DELETE", key: secret }),
      routeParams({ id: file.id, token_id }),
    );

    const english = await embed(token);
    expect(english.status).toBe(410);
    expect(await english.text()).toContain("This viewer link was revoked by its owner.");
    const asked = await embed(token, "?lang=id", { "accept-language": "en-US" });
    expect(await asked.text()).toContain("Tautan penampil ini telah dicabut oleh pemiliknya.");
    const browser = await embed("x".repeat(32), "", { "accept-language": "id-ID,id;q=0.9,en;q=0.8" });
    expect(browser.status).toBe(404);
    const html = await browser.text();
    expect(html).toContain('<html lang="id">');
    expect(html).toContain("Tautan tidak berlaku lagi");
    expect(html).not.toContain(file.id);
  });
});
