import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as list, POST as upload } from "./route";
import { DELETE as remove, GET as getOne, PATCH as patch } from "./[id]/route";
import { GET as download } from "./[id]/download/route";
import { POST as uploadVersion } from "./[id]/versions/route";
import { apiRequest, routeParams, seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { boxStl, plateDxf, useTestBlobs } from "@/test/helpers/files";
import { files } from "@/db/schema";
import type { Db } from "@/lib/db/client";

let db: Db;
let dir: string;
beforeAll(async () => {
  ({ db, dir } = await useTestDb());
  useTestBlobs(dir);
});
afterEach(() => {
  delete process.env.UPLOAD_LIMIT_FREE_MB;
});

function multipart(
  url: string,
  key: string,
  parts: { file?: [string | Uint8Array, string]; name?: string; tags?: string[] },
) {
  const form = new FormData();
  if (parts.file) form.append("file", new Blob([parts.file[0] as BlobPart]), parts.file[1]);
  if (parts.name) form.append("name", parts.name);
  for (const tag of parts.tags ?? []) form.append("tags", tag);
  return new Request(new URL(url, "http://localhost"), {
    method: "POST",
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
}

async function uploadOk(
  key: string,
  content: string,
  filename: string,
  extra: { name?: string; tags?: string[] } = {},
) {
  const res = await upload(multipart("/v1/files", key, { file: [content, filename], ...extra }));
  expect(res.status).toBe(201);
  return (await res.json()).data;
}

const tempLeftovers = () => fs.readdirSync(path.join(dir, "blobs", "tmp"));

describe("POST /v1/files", () => {
  it("uploads on the free plan and answers with the analysed geometry", async () => {
    const { secret } = await seedWorkspace(db, { plan: "free" });
    const data = await uploadOk(secret, boxStl(40, 30, 20), "bracket.stl", { tags: [" Bracket ", "PLA", "bracket"] });
    expect(data.file).toMatchObject({
      name: "bracket.stl",
      format: "stl",
      kind: "mesh",
      status: "draft",
      tags: ["bracket", "pla"],
      version_count: 1,
    });
    expect(data.file.id).toMatch(/^file_/);
    expect(data.version).toMatchObject({ number: 1, size_bytes: Buffer.byteLength(boxStl(40, 30, 20)) });
    expect(data.version.geometry.volume_cm3).toBeCloseTo(24, 9);
    expect(data.version.geometry.bbox_mm).toEqual({ x: 40, y: 30, z: 20 });
  });

  it("needs files:write", async () => {
    const { secret } = await seedWorkspace(db, { scopes: ["files:read"] });
    const res = await upload(multipart("/v1/files", secret, { file: [boxStl(1, 1, 1), "a.stl"] }));
    expect(res.status).toBe(403);
  });

  it.each([
    [
      "413 over the plan's size limit",
      (): void => {
        process.env.UPLOAD_LIMIT_FREE_MB = "0.001";
      },
      [boxStl(40, 30, 20), "big.stl"],
      413,
      "payload_too_large",
    ],
    ["415 not a CAD file", (): void => undefined, ["just some notes", "notes.txt"], 415, "unsupported_format"],
    [
      "422 a broken STL",
      (): void => undefined,
      ["solid x\nfacet normal 0 0 1\nouter loop\nvertex 1 2\n", "broken.stl"],
      422,
      "unreadable_file",
    ],
    [
      "422 a drawing with nothing to cut",
      (): void => undefined,
      ["0\nSECTION\n2\nENTITIES\n0\nTEXT\n8\n0\n10\n0\n20\n0\n1\nhi\n0\nENDSEC\n0\nEOF\n", "text.dxf"],
      422,
      "empty_geometry",
    ],
  ] as const)("%s, leaving nothing behind", async (_, arrange, file, status, code) => {
    const { secret, workspace } = await seedWorkspace(db, { plan: "free" });
    arrange();
    const res = await upload(multipart("/v1/files", secret, { file: file as [string, string] }));
    expect(res.status).toBe(status);
    expect((await res.json()).error.code).toBe(code);
    expect((await db.select().from(files)).filter((f) => f.workspaceId === workspace.id)).toEqual([]);
    expect(tempLeftovers()).toEqual([]);
  });

  it("400 without a file field, with a non-multipart body, or with too many tags", async () => {
    const { secret } = await seedWorkspace(db);
    const noFile = await upload(multipart("/v1/files", secret, { name: "x" }));
    expect((await noFile.json()).error).toMatchObject({ code: "invalid_request", param: "file" });
    const json = await upload(apiRequest("/v1/files", { method: "POST", key: secret, body: { file: "x" } }));
    expect(json.status).toBe(400);
    const tags = Array.from({ length: 21 }, (_, i) => `t${i}`);
    const many = await upload(multipart("/v1/files", secret, { file: [boxStl(1, 1, 1), "a.stl"], tags }));
    expect((await many.json()).error).toMatchObject({ code: "invalid_request", param: "tags" });
    expect(tempLeftovers()).toEqual([]);
  });
});

describe("GET /v1/files", () => {
  it("filters by format, tag, name, status and date, sorts, and pages with a cursor", async () => {
    const { secret } = await seedWorkspace(db, { plan: "pro" });
    await uploadOk(secret, boxStl(10, 10, 10), "cube.stl", { tags: ["cube"] });
    await uploadOk(secret, plateDxf(100, 50, [[25, 25]]), "Plate A.dxf", { tags: ["plate", "steel"] });
    await uploadOk(secret, plateDxf(60, 40), "plate-b.dxf", { tags: ["plate"] });
    const get = async (qs: string) => await (await list(apiRequest(`/v1/files?${qs}`, { key: secret }))).json();

    expect((await get("format=dxf")).data.map((f: { name: string }) => f.name).sort()).toEqual([
      "Plate A.dxf",
      "plate-b.dxf",
    ]);
    expect((await get("format=dxf&format=stl")).data).toHaveLength(3);
    expect((await get("tag=plate&tag=steel")).data.map((f: { name: string }) => f.name)).toEqual(["Plate A.dxf"]);
    expect((await get("q=PLATE")).data).toHaveLength(2);
    expect((await get("status=approved")).data).toHaveLength(0);
    expect((await get("created_after=2000-01-01&created_before=2999-01-01")).data).toHaveLength(3);
    expect((await get("created_after=2999-01-01")).data).toHaveLength(0);
    expect((await get("sort=name")).data.map((f: { name: string }) => f.name)).toEqual([
      "Plate A.dxf",
      "cube.stl",
      "plate-b.dxf",
    ]);

    const first = await get("limit=2&sort=name");
    expect(first.data).toHaveLength(2);
    const second = await get(`limit=2&sort=name&cursor=${first.next_cursor}`);
    expect(second.data.map((f: { name: string }) => f.name)).toEqual(["plate-b.dxf"]);
    expect(second.next_cursor).toBeNull();
  });

  it.each([
    ["format=xyz", "format"],
    ["created_after=yesterday", "created_after"],
    ["limit=500", "limit"],
    ["sort=colour", "sort"],
    ["cursor=garbage", "cursor"],
  ])("400 for %s naming the parameter", async (qs, param) => {
    const { secret } = await seedWorkspace(db);
    const res = await list(apiRequest(`/v1/files?${qs}`, { key: secret }));
    expect(res.status).toBe(400);
    expect((await res.json()).error.param).toBe(param);
  });

  it("never shows another workspace's files", async () => {
    const a = await seedWorkspace(db);
    const b = await seedWorkspace(db);
    await uploadOk(a.secret, boxStl(5, 5, 5), "mine.stl");
    expect((await (await list(apiRequest("/v1/files", { key: b.secret }))).json()).data).toEqual([]);
  });
});

describe("/v1/files/:id", () => {
  it("gets, renames, retags, downloads, versions and deletes", async () => {
    const { secret } = await seedWorkspace(db);
    const { file } = await uploadOk(secret, boxStl(40, 30, 20), "box.stl");
    const id = file.id;
    const got = await (await getOne(apiRequest(`/v1/files/${id}`, { key: secret }), routeParams({ id }))).json();
    expect(got.data.version.geometry.volume_cm3).toBeCloseTo(24, 9);

    const patched = await patch(
      apiRequest(`/v1/files/${id}`, { method: "PATCH", key: secret, body: { name: "Box", tags: ["A", "b"] } }),
      routeParams({ id }),
    );
    expect((await patched.json()).data).toMatchObject({ name: "Box", tags: ["a", "b"] });
    const badPatch = await patch(
      apiRequest(`/v1/files/${id}`, { method: "PATCH", key: secret, body: { colour: "red" } }),
      routeParams({ id }),
    );
    expect(badPatch.status).toBe(400);

    const v2 = await uploadVersion(
      multipart(`/v1/files/${id}/versions`, secret, { file: [boxStl(40, 30, 25), "box2.stl"] }),
      routeParams({ id }) as never,
    );
    expect(v2.status).toBe(201);
    expect((await v2.json()).data.version.number).toBe(2);

    const latest = await download(apiRequest(`/v1/files/${id}/download`, { key: secret }), routeParams({ id }));
    expect(latest.headers.get("content-disposition")).toContain("box2.stl");
    expect(await latest.text()).toBe(boxStl(40, 30, 25));
    const first = await download(
      apiRequest(`/v1/files/${id}/download?version=1`, { key: secret }),
      routeParams({ id }),
    );
    expect(await first.text()).toBe(boxStl(40, 30, 20));
    expect(
      (await download(apiRequest(`/v1/files/${id}/download?version=9`, { key: secret }), routeParams({ id }))).status,
    ).toBe(404);

    // Downloads are bytes with HTTP's range and validator semantics.
    const body = boxStl(40, 30, 25);
    const get = (headers: Record<string, string>) =>
      download(apiRequest(`/v1/files/${id}/download`, { key: secret, headers }), routeParams({ id }));
    expect(latest.headers.get("accept-ranges")).toBe("bytes");
    expect(latest.headers.get("content-length")).toBe(String(Buffer.byteLength(body)));
    const part = await get({ range: "bytes=0-9" });
    expect([part.status, part.headers.get("content-range"), part.headers.get("content-length")]).toEqual([
      206,
      `bytes 0-9/${body.length}`,
      "10",
    ]);
    expect(await part.text()).toBe(body.slice(0, 10));
    const tail = await get({ range: "bytes=-6" });
    expect([tail.status, await tail.text()]).toEqual([206, body.slice(-6)]);
    const open = await get({ range: `bytes=${body.length - 3}-` });
    expect(await open.text()).toBe(body.slice(-3));
    const outside = await get({ range: `bytes=${body.length}-` });
    expect([outside.status, outside.headers.get("content-range"), (await outside.json()).error.code]).toEqual([
      416,
      `bytes */${body.length}`,
      "range_not_satisfiable",
    ]);
    const etag = latest.headers.get("etag")!;
    expect((await get({ "if-none-match": etag })).status).toBe(304);
    const stale = await get({ range: "bytes=0-9", "if-range": '"not-this-version"' });
    expect([stale.status, (await stale.text()).length]).toEqual([200, body.length]);

    const deleted = await remove(apiRequest(`/v1/files/${id}`, { method: "DELETE", key: secret }), routeParams({ id }));
    expect((await deleted.json()).data).toEqual({ id, deleted: true });
    expect((await getOne(apiRequest(`/v1/files/${id}`, { key: secret }), routeParams({ id }))).status).toBe(404);
  });

  it("another workspace's file id is 404 on every operation", async () => {
    const a = await seedWorkspace(db);
    const b = await seedWorkspace(db);
    const { file } = await uploadOk(a.secret, boxStl(5, 5, 5), "a.stl");
    const id = file.id;
    const p = routeParams({ id });
    const statuses = [
      (await getOne(apiRequest(`/v1/files/${id}`, { key: b.secret }), p)).status,
      (await patch(apiRequest(`/v1/files/${id}`, { method: "PATCH", key: b.secret, body: { name: "x" } }), p)).status,
      (await download(apiRequest(`/v1/files/${id}/download`, { key: b.secret }), p)).status,
      (
        await uploadVersion(
          multipart(`/v1/files/${id}/versions`, b.secret, { file: [boxStl(1, 1, 1), "x.stl"] }),
          p as never,
        )
      ).status,
      (await remove(apiRequest(`/v1/files/${id}`, { method: "DELETE", key: b.secret }), p)).status,
    ];
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    expect((await getOne(apiRequest(`/v1/files/${id}`, { key: a.secret }), p)).status).toBe(200);
  });
});
