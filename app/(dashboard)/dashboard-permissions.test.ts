import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestDb } from "@/test/helpers/test-db";
import type { Db } from "@/lib/db/client";
import { createUser } from "@/lib/users/users";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import { addMember, type Role } from "@/lib/workspaces/memberships";
import { planAtLeast, QUOTE_PLANS, type QuotePlan } from "@/lib/plans/plans";
import { translator } from "@/lib/i18n/messages";
import { publicOrigin } from "@/lib/api/public-origin";
import { dashboardSpecOf } from "./dashboard-pipeline";

/*
 * Every role on every plan against every server action and dashboard-api route. The session is the one seam the
 * pipeline reads it through (./session-user); Next's request APIs are stubbed with a cookie jar and headers.
 */

const fake = vi.hoisted(() => ({
  user: null as { id: string; email: string } | null,
  cookies: new Map<string, string>(),
  headers: new Headers(),
  revalidated: [] as string[],
  Redirected: class Redirected extends Error {
    constructor(readonly url: string) {
      super(`redirect ${url}`);
    }
  },
}));

vi.mock("server-only", () => ({}));
vi.mock("@/app/(dashboard)/session-user", () => ({ sessionUser: async () => fake.user }));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (fake.cookies.has(name) ? { name, value: fake.cookies.get(name) } : undefined),
    set: (name: string, value: string) => void fake.cookies.set(name, value),
  }),
  headers: async () => fake.headers,
}));
vi.mock("next/cache", () => ({ revalidatePath: (p: string) => void fake.revalidated.push(p) }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new fake.Redirected(url);
  },
  notFound: () => {
    throw new Error("notFound");
  },
}));

const ROLES = ["owner", "admin", "member", "viewer"] as const satisfies readonly Role[];
const EVERYONE: Role[] = [...ROLES];
const EDITORS: Role[] = ["owner", "admin", "member"];
const MANAGERS: Role[] = ["owner", "admin"];

type Form = Record<string, string>;
/** Who may call it (`public`: no session needed) and on which plan; `form` when a field decides the permission. */
type Case = { public: true } | { roles: Role[]; plan?: QuotePlan; form?: Form };

/** Every exported server action, by "<file under app/(dashboard)>#<export>". A new action fails the test until listed. */
const ACTIONS: Record<string, Case[]> = {
  "actions.ts#switchWorkspace": [{ roles: EVERYONE }],
  "actions.ts#setLanguage": [{ public: true }],
  "actions.ts#createKeyAction": [{ roles: MANAGERS }],
  "actions.ts#revokeKeyAction": [{ roles: MANAGERS }],
  "files/actions.ts#editFileAction": [{ roles: EDITORS }],
  "files/actions.ts#changeStatusAction": [
    { roles: EDITORS, form: { fileId: "file_missing", action: "submit" } },
    { roles: MANAGERS, form: { fileId: "file_missing", action: "approve" } },
    { roles: MANAGERS, form: { fileId: "file_missing", action: "reject", reason: "no" } },
  ],
  "files/[id]/share-actions.ts#createShareLinkAction": [{ roles: EDITORS }],
  "files/[id]/share-actions.ts#revokeShareLinkAction": [{ roles: EDITORS }],
  "prices/actions.ts#publishCatalogAction": [{ roles: MANAGERS }],
  "prices/actions.ts#importProfileAction": [{ roles: MANAGERS }],
  "webhooks/actions.ts#createWebhookAction": [{ roles: MANAGERS, plan: "pro" }],
  "webhooks/actions.ts#rotateSecretAction": [{ roles: MANAGERS, plan: "pro" }],
  "webhooks/actions.ts#setEnabledAction": [{ roles: MANAGERS, plan: "pro" }],
  "webhooks/actions.ts#deleteWebhookAction": [{ roles: MANAGERS, plan: "pro" }],
  "webhooks/actions.ts#testWebhookAction": [{ roles: MANAGERS, plan: "pro" }],
  "webhooks/actions.ts#retryDeliveryAction": [{ roles: MANAGERS, plan: "pro" }],
  "infra/dns/actions.ts#createZoneAction": [{ roles: MANAGERS }],
  "infra/dns/actions.ts#createRecordAction": [{ roles: MANAGERS }],
  "infra/dns/actions.ts#deleteRecordAction": [{ roles: MANAGERS }],
  "infra/dns/actions.ts#verifyZoneAction": [{ roles: MANAGERS }],
  "infra/dns/actions.ts#deleteZoneAction": [{ roles: MANAGERS }],
  "infra/email/actions.ts#createMailboxAction": [{ roles: MANAGERS }],
  "infra/email/actions.ts#resetPasswordAction": [{ roles: MANAGERS }],
  "infra/email/actions.ts#deleteMailboxAction": [{ roles: MANAGERS }],
  "infra/storage/actions.ts#createBucketAction": [{ roles: MANAGERS }],
  "infra/storage/actions.ts#deleteBucketAction": [{ roles: MANAGERS }],
  "infra/storage/actions.ts#createStorageKeyAction": [{ roles: MANAGERS }],
  "infra/storage/actions.ts#revokeStorageKeyAction": [{ roles: MANAGERS }],
  "infra/vps/actions.ts#createVpsAction": [{ roles: MANAGERS }],
  "infra/vps/actions.ts#vpsCommandAction": [{ roles: MANAGERS }],
};

type RouteCase = { roles: Role[]; plan?: QuotePlan; query?: string };

/** Every dashboard-api handler, by "<file under app/dashboard-api>#<method>". */
const ROUTES: Record<string, RouteCase> = {
  "files/route.ts#POST": { roles: EDITORS },
  "files/[id]/versions/route.ts#POST": { roles: EDITORS },
  "files/[id]/analyze/route.ts#POST": { roles: EDITORS, plan: "pro" },
  "files/[id]/display/route.ts#GET": { roles: EVERYONE },
  "files/[id]/quote/route.ts#GET": { roles: EVERYONE, plan: "pro", query: "?infill=30" },
  "search/route.ts#GET": { roles: EVERYONE, plan: "pro", query: "?q=bracket" },
};

const DASHBOARD = path.resolve("app/(dashboard)");
const DASHBOARD_API = path.resolve("app/dashboard-api");

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"));
}

/** Every export of every "use server" module: the server actions a browser can call. */
async function serverActions(): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  for (const file of filesUnder(DASHBOARD)) {
    if (!/^\s*["']use server["']/.test(fs.readFileSync(path.join(DASHBOARD, file), "utf8"))) continue;
    const mod = (await import(path.join(DASHBOARD, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) found.set(`${file.split(path.sep).join("/")}#${name}`, value);
  }
  return found;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

async function routeHandlers(): Promise<Map<string, unknown>> {
  const found = new Map<string, unknown>();
  for (const file of filesUnder(DASHBOARD_API).filter((f) => path.basename(f) === "route.ts")) {
    const mod = (await import(path.join(DASHBOARD_API, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod))
      if (METHODS.includes(name)) found.set(`${file.split(path.sep).join("/")}#${name}`, value);
  }
  return found;
}

let db: Db;
let userId: string;
const workspaceFor = {} as Record<QuotePlan, string>;
let actions: Map<string, unknown>;
let routes: Map<string, unknown>;

beforeAll(async () => {
  ({ db } = await useTestDb());
  userId = (await createUser(db, { email: "perms@example.com", password: "correct horse" })).id;
  for (const plan of QUOTE_PLANS) workspaceFor[plan] = (await createWorkspace(db, { name: `Perms ${plan}`, plan })).id;
  actions = await serverActions();
  routes = await routeHandlers();
});

beforeEach(() => {
  fake.user = { id: userId, email: "perms@example.com" };
  fake.cookies.clear();
  fake.headers = new Headers({ host: "localhost:3000", "accept-language": "en" });
  fake.revalidated.length = 0;
});

/** Signs in as `role` in the `plan` workspace (the switcher's cookie selects it). */
async function actAs(role: Role, plan: QuotePlan): Promise<void> {
  await addMember(db, { workspaceId: workspaceFor[plan], userId, role });
  fake.cookies.set("bengkel_ws", workspaceFor[plan]);
}

type Outcome = "allowed" | "forbidden" | "plan_required";

function expected(c: { roles: Role[]; plan?: QuotePlan }, role: Role, plan: QuotePlan): Outcome {
  if (!c.roles.includes(role)) return "forbidden";
  if (c.plan && !planAtLeast(plan, c.plan)) return "plan_required";
  return "allowed";
}

const REFUSALS = new Set(["forbidden", translator("en")("infra.forbidden"), translator("id")("infra.forbidden")]);

/** Runs an action as the dashboard would: with useActionState (prev, form) or as a plain form action (form). */
async function runAction(fn: unknown, form: Form = {}): Promise<Outcome> {
  const data = new FormData();
  for (const [name, value] of Object.entries(form)) data.set(name, value);
  fake.revalidated.length = 0;
  const kind = dashboardSpecOf(fn)?.kind;
  if (kind === "action") {
    const state = (await (fn as (prev: object, data: FormData) => Promise<{ error?: string }>)({}, data)) ?? {};
    if (state.error === "plan_required") return "plan_required";
    return state.error !== undefined && REFUSALS.has(state.error) ? "forbidden" : "allowed";
  }
  // A plain form action answers nothing: it was allowed when it went on to refresh its page.
  await (fn as (data: FormData) => Promise<void>)(data);
  return fake.revalidated.length > 0 ? "allowed" : "forbidden";
}

function routeRequest(
  key: string,
  c: { query?: string },
  origin: string | null = publicOrigin(fake.headers),
): { request: Request; args: { params: Promise<Record<string, string>> } } {
  const [file, method] = key.split("#");
  const urlPath = `/dashboard-api/${path.dirname(file)}`.replace("[id]", "file_missing").replace(/\/\.$/, "");
  const headers = new Headers(fake.headers);
  if (origin) headers.set("origin", origin);
  const request = new Request(new URL(`${urlPath}${c.query ?? ""}`, "http://localhost:3000"), { method, headers });
  const params: Record<string, string> = file.includes("[id]") ? { id: "file_missing" } : {};
  return { request, args: { params: Promise.resolve(params) } };
}

async function callRoute(fn: unknown, key: string, c: { query?: string }, origin?: string | null) {
  const { request, args } = routeRequest(key, c, origin);
  const res = await (fn as (r: Request, a: typeof args) => Promise<Response>)(request, args);
  const body = res.headers.get("content-type")?.includes("json") ? await res.json() : undefined;
  return { status: res.status, error: body?.error as { code: string; message: string; param?: string } | undefined };
}

async function runRoute(fn: unknown, key: string, c: { query?: string }, origin?: string | null) {
  const { status, error } = await callRoute(fn, key, c, origin);
  return { status, code: error?.code };
}

describe("the permission table covers the dashboard", () => {
  it("lists every server action, each built by the dashboard pipeline", () => {
    expect([...actions.keys()].sort()).toEqual(Object.keys(ACTIONS).sort());
    for (const [key, fn] of actions) expect(dashboardSpecOf(fn), key).toBeDefined();
  });

  it("lists every dashboard-api handler, each built by the dashboard pipeline", () => {
    expect([...routes.keys()].sort()).toEqual(Object.keys(ROUTES).sort());
    for (const [key, fn] of routes) expect(dashboardSpecOf(fn)?.kind, key).toBe("route");
  });
});

describe("server actions: every role on every plan", () => {
  for (const [key, cases] of Object.entries(ACTIONS)) {
    for (const c of cases) {
      const label = "form" in c && c.form ? `${key} ${JSON.stringify(c.form)}` : key;
      it(label, async () => {
        const fn = actions.get(key);
        const seen: string[] = [];
        const want: string[] = [];
        for (const plan of QUOTE_PLANS) {
          for (const role of ROLES) {
            await actAs(role, plan);
            seen.push(`${role}/${plan}: ${await runAction(fn, "form" in c ? c.form : undefined)}`);
            want.push(`${role}/${plan}: ${"public" in c ? "allowed" : expected(c, role, plan)}`);
          }
        }
        expect(seen).toEqual(want);
      });
    }
  }

  it("sends signed-out callers to /login, except the public ones", async () => {
    fake.user = null;
    for (const [key, cases] of Object.entries(ACTIONS)) {
      if (cases.some((c) => "public" in c)) {
        await expect(runAction(actions.get(key))).resolves.toBe("allowed");
        continue;
      }
      const form = cases.map((c) => ("form" in c ? c.form : undefined)).find(Boolean);
      await expect(runAction(actions.get(key), form), key).rejects.toMatchObject({ url: "/login" });
    }
  });

  it("sends a user without a workspace to /login?error=no_workspace", async () => {
    const loner = await createUser(db, { email: "loner@example.com", password: "correct horse" });
    fake.user = { id: loner.id, email: loner.email };
    await expect(runAction(actions.get("actions.ts#createKeyAction"))).rejects.toMatchObject({
      url: "/login?error=no_workspace",
    });
  });
});

describe("dashboard-api routes: every role on every plan", () => {
  for (const [key, c] of Object.entries(ROUTES)) {
    it(key, async () => {
      const fn = routes.get(key);
      const seen: string[] = [];
      const want: string[] = [];
      for (const plan of QUOTE_PLANS) {
        for (const role of ROLES) {
          await actAs(role, plan);
          const { status, code } = await runRoute(fn, key, c);
          const outcome = code === "forbidden" || code === "plan_required" ? code : "allowed";
          // Allowed means the handler ran: it answers (here: file_missing is 404, an empty upload 4xx), never 500.
          seen.push(
            `${role}/${plan}: ${outcome}${outcome === "allowed" && (status === 401 || status >= 500) ? ` (${status})` : ""}`,
          );
          want.push(`${role}/${plan}: ${expected(c, role, plan)}`);
          if (outcome !== "allowed") expect(status).toBe(403);
        }
      }
      expect(seen).toEqual(want);
    });
  }

  it("answers 401 without a session and 403 for a user in no workspace", async () => {
    for (const [key, c] of Object.entries(ROUTES)) {
      fake.user = null;
      expect(await runRoute(routes.get(key), key, c), key).toEqual({ status: 401, code: "unauthorized" });
    }
    const loner = await createUser(db, { email: "nobody@example.com", password: "correct horse" });
    fake.user = { id: loner.id, email: loner.email };
    for (const [key, c] of Object.entries(ROUTES))
      expect(await runRoute(routes.get(key), key, c), key).toEqual({ status: 403, code: "forbidden" });
  });

  it("refuses writes from a foreign Origin or none, before looking at the session", async () => {
    await actAs("owner", "team");
    const writes = Object.entries(ROUTES).filter(([key]) => !key.endsWith("#GET"));
    expect(writes.length).toBeGreaterThan(0);
    for (const [key, c] of writes) {
      for (const origin of ["https://evil.example", "http://localhost:3000.evil.example", null]) {
        expect(await runRoute(routes.get(key), key, c, origin), `${key} from ${origin}`).toEqual({
          status: 403,
          code: "forbidden",
        });
      }
      fake.user = null;
      expect(await runRoute(routes.get(key), key, c, "https://evil.example")).toEqual({
        status: 403,
        code: "forbidden",
      });
      fake.user = { id: userId, email: "perms@example.com" };
    }
    // Reads carry no side effects: a cross-site GET is answered like any other (the browser keeps the body from the other site).
    for (const [key, c] of Object.entries(ROUTES).filter(([k]) => k.endsWith("#GET"))) {
      expect((await runRoute(routes.get(key), key, c, "https://evil.example")).code, key).not.toBe("forbidden");
    }
  });
});

describe("the pipeline keeps each form's and endpoint's own wording", () => {
  const state = async (key: string, form: Form) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(form)) data.set(name, value);
    return (actions.get(key) as (prev: object, data: FormData) => Promise<object>)({}, data);
  };

  it("answers invalid input like before, once the role may act", async () => {
    await actAs("owner", "pro");
    expect(await state("infra/dns/actions.ts#createRecordAction", { domain: "example.com", type: "BOGUS" })).toEqual({
      error: expect.stringMatching(/^`type` must be one of A, AAAA, .*\.$/),
      param: "type",
    });
    expect(await state("infra/email/actions.ts#createMailboxAction", { quota_mb: "5" })).toEqual({
      error: "`quota_mb` must be an integer from 10 to 51200.",
      param: "quota_mb",
    });
    expect(await state("infra/vps/actions.ts#vpsCommandAction", { command: "explode" })).toEqual({
      error: "Unknown command.",
      param: "command",
    });
    expect(await state("webhooks/actions.ts#createWebhookAction", { url: "https://example.com/hook" })).toEqual({
      error: "Tick at least one event.",
    });
    expect(await state("actions.ts#createKeyAction", { name: "" })).toEqual({
      error: expect.stringMatching(/^name: /),
    });
    expect(await state("infra/storage/actions.ts#deleteBucketAction", { name: "nope" })).toMatchObject({
      error: expect.any(String),
    });
  });

  it("answers an infra refusal in the reader's language", async () => {
    await actAs("member", "pro");
    expect(await state("infra/storage/actions.ts#createBucketAction", { name: "b" })).toEqual({
      error: translator("en")("infra.forbidden"),
    });
  });

  it("keeps the 400 messages of the quote and search endpoints", async () => {
    await actAs("viewer", "pro");
    const quote = "files/[id]/quote/route.ts#GET";
    for (const query of ["?infill=101", "?infill=abc", "?infill=2.5"]) {
      expect(await callRoute(routes.get(quote), quote, { query })).toEqual({
        status: 400,
        error: expect.objectContaining({
          code: "invalid_request",
          message: "`infill` must be a whole number from 0 to 100.",
          param: "infill",
        }),
      });
    }
    const search = "search/route.ts#GET";
    for (const query of ["", "?q=%20%20"]) {
      expect(await callRoute(routes.get(search), search, { query })).toEqual({
        status: 400,
        error: expect.objectContaining({
          code: "invalid_request",
          message: "`q` must be 1 to 500 characters.",
          param: "q",
        }),
      });
    }
  });
});
