import "server-only";
import type { z } from "zod";
import { AppError, isAppError } from "@/lib/api/app-error";
import { errorResponse } from "@/lib/api/route";
import { jsonResponse, successBody } from "@/lib/api/envelope";
import { publicOrigin } from "@/lib/api/public-origin";
import { getDb, type Db } from "@/lib/db/client";
import { randomToken } from "@/lib/ids";
import { listUserWorkspaces, type Role } from "@/lib/workspaces/memberships";
import { denial, refusal, type Denial, type Permission, type PlanGate } from "@/lib/dashboard/permissions";
import { currentMembership, requireDashboard, type DashboardSession, type Membership } from "./dashboard-session";
import { sessionUser } from "./session-user";

/*
 * The dashboard's counterpart of lib/api/route.ts: every server action and dashboard-api route goes
 * session → membership of the current workspace → role (lib/dashboard/permissions.ts) → plan (the gate of the API
 * contract the feature mirrors) → zod input → handler, and answers the action's state shape or the v1 envelope.
 */

/** What a spec's `input` (or `params`, `query`) schema parses to; undefined without one. */
export type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Who may call it: the permission, and the API operation whose plan gate applies. */
export interface Access<I = unknown> {
  /**
   * The permission, or a function of the parsed input when a form field decides it (submit vs approve): then the
   * input is read before the role is checked.
   */
  permission: Permission | ((input: I) => Permission);
  /** The API contract this mirrors (`quote3dPrint`, `createWebhook`…): its `plan` is the plan gate. */
  mirrors?: PlanGate;
}

/** What the permission test reads back from an action or route: how it was built and who may call it. */
export type DashboardSpec = { kind: "public" } | ({ kind: "action" | "form" | "route" } & Access<never>);

const SPECS = new WeakMap<object, DashboardSpec>();

export function dashboardSpecOf(fn: unknown): DashboardSpec | undefined {
  return typeof fn === "function" ? SPECS.get(fn) : undefined;
}

function registered<F extends object>(fn: F, spec: DashboardSpec): F {
  SPECS.set(fn, spec);
  return fn;
}

type Step<I> = { ok: true; input: I } | { ok: false; denied: Denial } | { ok: false; invalid: z.ZodError };

/** Role → plan → input; when the permission depends on the input, input → role → plan. */
function authorize<I>(
  access: Access<I>,
  member: { role: Role; plan: Membership["workspace"]["plan"] },
  parse: () => z.ZodSafeParseResult<I>,
): Step<I> {
  const check = (permission: Permission) => denial(member, permission, access.mirrors);
  const { permission } = access;
  if (typeof permission !== "function") {
    const refused = check(permission);
    if (refused) return { ok: false, denied: refused };
  }
  const parsed = parse();
  if (!parsed.success) return { ok: false, invalid: parsed.error };
  if (typeof permission === "function") {
    const refused = check(permission(parsed.data));
    if (refused) return { ok: false, denied: refused };
  }
  return { ok: true, input: parsed.data };
}

const noInput = { success: true, data: undefined } as z.ZodSafeParseResult<never>;

function parser<S extends z.ZodType | undefined>(schema: S, raw: () => unknown): () => z.ZodSafeParseResult<Infer<S>> {
  return () => (schema ? (schema.safeParse(raw()) as z.ZodSafeParseResult<Infer<S>>) : noInput);
}

/** Each field's first value, as `formData.get(name)` or `searchParams.get(name)` would give it. */
function firstValues<T>(entries: Iterable<[string, T]>): Record<string, T> {
  const fields: Record<string, T> = {};
  for (const [name, value] of entries) if (!(name in fields)) fields[name] = value;
  return fields;
}
const formFields = (data: FormData) => firstValues(data);

// ---- server actions -------------------------------------------------------------------------------------------

export type ActionContext<I> = DashboardSession & {
  workspace: Membership["workspace"];
  role: Role;
  input: I;
  data: FormData;
};

export interface ActionSpec<S extends z.ZodType | undefined, State> extends Access<Infer<S>> {
  input?: S;
  /** The raw object `input` parses (default: each form field's first value). */
  read?: (data: FormData) => unknown;
  /** The state for invalid input (default: `path: message; …`). */
  invalid?: (error: z.ZodError) => State;
  /** The state for a refused role or plan (default: `{ error: "forbidden" | "plan_required" }`). */
  denied?: (denial: Denial, session: DashboardSession) => State;
  /** The state for an AppError the handler throws (default: `{ error: message }`); other errors propagate. */
  failed?: (error: AppError) => State;
}

export type StatefulAction<State> = (prev: State, data: FormData) => Promise<State>;

const issueList = (error: z.ZodError) => error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");

/**
 * A server action used with `useActionState`: `(prev, formData) => state`. Signed-out callers are redirected to
 * /login (like every dashboard page); a refused role or plan, invalid input and AppErrors become states.
 */
export function dashboardAction<State extends { error?: string }, S extends z.ZodType | undefined = undefined>(
  spec: ActionSpec<S, State>,
  handler: (ctx: ActionContext<Infer<S>>) => Promise<State> | State,
): StatefulAction<State> {
  const action = async (_prev: State, data: FormData): Promise<State> => {
    const session = await requireDashboard();
    const { current } = session;
    const step = authorize(
      spec,
      { role: current.role, plan: current.workspace.plan },
      parser(spec.input as S, () => (spec.read ?? formFields)(data)),
    );
    if (!step.ok) {
      if ("denied" in step)
        return spec.denied ? spec.denied(step.denied, session) : ({ error: step.denied.code } as State);
      return spec.invalid ? spec.invalid(step.invalid) : ({ error: issueList(step.invalid) } as State);
    }
    try {
      return await handler({ ...session, workspace: current.workspace, role: current.role, input: step.input, data });
    } catch (error) {
      if (!isAppError(error)) throw error;
      return spec.failed ? spec.failed(error) : ({ error: error.message } as State);
    }
  };
  return registered(action, {
    kind: "action",
    permission: spec.permission as Access<never>["permission"],
    mirrors: spec.mirrors,
  });
}

/** A plain `<form action>` server action: nothing to answer, so a refusal or invalid input simply does nothing. */
export function dashboardFormAction<S extends z.ZodType | undefined = undefined>(
  spec: Access<Infer<S>> & { input?: S; read?: (data: FormData) => unknown },
  handler: (ctx: ActionContext<Infer<S>>) => Promise<void> | void,
): (data: FormData) => Promise<void> {
  const action = async (data: FormData): Promise<void> => {
    const session = await requireDashboard();
    const { current } = session;
    const step = authorize(
      spec,
      { role: current.role, plan: current.workspace.plan },
      parser(spec.input as S, () => (spec.read ?? formFields)(data)),
    );
    if (step.ok)
      await handler({ ...session, workspace: current.workspace, role: current.role, input: step.input, data });
  };
  return registered(action, {
    kind: "form",
    permission: spec.permission as Access<never>["permission"],
    mirrors: spec.mirrors,
  });
}

/** An action that needs no session at all (the language switch); registered so the permission test knows it. */
export function publicAction(handler: (data: FormData) => Promise<void>): (data: FormData) => Promise<void> {
  const action = async (data: FormData) => handler(data);
  return registered(action, { kind: "public" });
}

// ---- dashboard-api routes -------------------------------------------------------------------------------------

export interface RouteContext<P, Q> {
  request: Request;
  db: Db;
  userId: string;
  workspace: Membership["workspace"];
  role: Role;
  params: P;
  query: Q;
}

export interface RouteSpec<P extends z.ZodType | undefined, Q extends z.ZodType | undefined>
  extends Access<{ params: Infer<P>; query: Infer<Q> }> {
  params?: P;
  /** Zod over the query string (each parameter's first value); an issue's message is the 400's message. */
  query?: Q;
  successStatus?: 200 | 201;
}

/** What a Next.js route handler receives as its second argument. */
interface NextRouteArgs {
  params?: Promise<Record<string, string | string[]>>;
}

const SAFE_METHODS = new Set(["GET", "HEAD"]);

/**
 * A dashboard-api route handler: Origin (writes) → session (401) → membership (403) → role (403) → plan → params and
 * query → handler → the v1 envelope, or the handler's own Response (the display mesh). Errors answer like the API's.
 */
export function dashboardRoute<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(
  spec: RouteSpec<P, Q>,
  handler: (ctx: RouteContext<Infer<P>, Infer<Q>>) => Promise<unknown> | unknown,
): (request: Request, next?: NextRouteArgs) => Promise<Response> {
  const run = async (request: Request, next?: NextRouteArgs): Promise<Response> => {
    const requestId = `req_${randomToken(20)}`;
    try {
      // Session cookies ride along on cross-site form posts; a browser always sends Origin with those, so it must be ours.
      if (!SAFE_METHODS.has(request.method) && !sameOrigin(request))
        throw new AppError("forbidden", "Cross-origin request refused.");
      const user = await sessionUser();
      if (!user) throw new AppError("unauthorized", "Sign in to the dashboard first.");
      const db = getDb();
      const current = await currentMembership(await listUserWorkspaces(db, user.id));
      if (!current) throw new AppError("forbidden", "You are not a member of any workspace.");
      const rawParams = (await next?.params) ?? {};
      const rawQuery = firstValues(new URL(request.url).searchParams);
      const step = authorize(spec, { role: current.role, plan: current.workspace.plan }, () => {
        const params = parser(spec.params as P, () => rawParams)();
        if (!params.success) return params as z.ZodSafeParseResult<never>;
        const query = parser(spec.query as Q, () => rawQuery)();
        if (!query.success) return query as z.ZodSafeParseResult<never>;
        return { success: true, data: { params: params.data, query: query.data } } as z.ZodSafeParseResult<{
          params: Infer<P>;
          query: Infer<Q>;
        }>;
      });
      if (!step.ok) throw "denied" in step ? deniedError(step.denied, current.role) : invalidError(step.invalid);
      const { params, query } = step.input;
      const result = await handler({
        request,
        db,
        userId: user.id,
        workspace: current.workspace,
        role: current.role,
        params,
        query,
      });
      if (result instanceof Response) return result;
      return jsonResponse(successBody("v1", result), spec.successStatus ?? 200, { "X-Request-Id": requestId });
    } catch (error) {
      return errorResponse("v1", error, requestId);
    }
  };
  return registered(run, {
    kind: "route",
    permission: spec.permission as Access<never>["permission"],
    mirrors: spec.mirrors,
  });
}

function deniedError(refused: Denial, role: Role): AppError {
  if (refused.code === "forbidden") {
    return new AppError("forbidden", refusal(role, refused.permission), {
      details: { required_permission: refused.permission, role },
    });
  }
  return new AppError(
    "plan_required",
    `This needs the ${refused.requiredPlan} plan or higher; this workspace is on ${refused.currentPlan}.`,
    {
      details: { required_plan: refused.requiredPlan, current_plan: refused.currentPlan },
    },
  );
}

function invalidError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const param = issue.path.join(".") || undefined;
  return new AppError("invalid_request", issue.message, { param });
}

/**
 * The Origin's host must be the dashboard's own public host (the same rule as the links it hands out). The scheme
 * is not compared: behind a TLS proxy without TRUST_PROXY the server sees http while the browser says https.
 */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return false;
  try {
    return new URL(origin).host === new URL(publicOrigin(request.headers)).host;
  } catch {
    return false;
  }
}
