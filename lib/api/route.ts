import { z } from "zod";
import { isDomainError, type DomainError } from "@/lib/errors";
import { AppError, errorHeaders, httpStatus } from "./app-error";
import { errorBody, jsonResponse, successResponse, type Envelope, type JsonText, type Page } from "./envelope";
import type { Operation } from "./operation";
import { getDb, type Db } from "@/lib/db/client";
import { authenticateApiKey, keyHasScope, type ApiKeyRow, type WorkspaceRow } from "@/lib/auth/api-keys";
import { consumeRequest, LimitExceeded, type Service } from "@/lib/usage/consume-request";
import { planAtLeast } from "@/lib/plans/plans";
import { randomToken } from "@/lib/ids";
import { logError } from "@/lib/log";
import { jsonBodyLimitBytes } from "@/lib/config";
import { withIdempotency } from "./idempotency";
import { rateLimitHeaders } from "./rate-limit-headers";

export interface RouteContext<P, Q, B> {
  request: Request;
  requestId: string;
  db: Db;
  key: ApiKeyRow;
  workspace: WorkspaceRow;
  params: P;
  query: Q;
  body: B;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a Next.js route handler receives as its second argument. */
interface NextRouteArgs {
  params?: Promise<Record<string, string | string[]>>;
}

const INCOMING_ID = /^[A-Za-z0-9_.:-]{8,64}$/;

/**
 * The request pipeline every keyed route goes through: request id → key →
 * quota/rate limit → scope → plan → validation → handler → envelope. Any
 * thrown error becomes the error envelope; nothing internal leaks on a 500.
 */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  op: Operation<P, Q, B, R>,
  handler: (
    ctx: RouteContext<Infer<P>, Infer<Q>, Infer<B>>,
  ) =>
    | Promise<z.input<R> | Page<z.input<R>> | JsonText | Response>
    | z.input<R>
    | Page<z.input<R>>
    | JsonText
    | Response,
) {
  return async (request: Request, next?: NextRouteArgs): Promise<Response> => {
    const incoming = request.headers.get("x-request-id");
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : `req_${randomToken(20)}`;
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    try {
      const db = getDb();
      const { key, workspace } = await authenticate(db, request);
      Object.assign(headers, await countRequest(db, workspace, op.service));
      authorize(op, key, workspace);

      const params = parseWith(op.params, (await next?.params) ?? {}, "path");
      const query = parseWith(op.query, Object.fromEntries(queryEntries(new URL(request.url))), "query");
      const body =
        op.body === "multipart" || !op.body
          ? undefined
          : parseWith(op.body, await readJson(request, op.maxBodyBytes ?? jsonBodyLimitBytes()), "body");

      const context = { request, requestId, db, key, workspace, params, query, body } as RouteContext<
        Infer<P>,
        Infer<Q>,
        Infer<B>
      >;
      const result = op.idempotent
        ? await withIdempotency(db, context, op.successStatus ?? 200, () => handler(context))
        : await handler(context);
      if (result instanceof Response) {
        for (const [name, value] of Object.entries(headers)) result.headers.set(name, value);
        return result;
      }
      return successResponse(op.envelope, result, op.successStatus ?? 200, headers);
    } catch (error) {
      return errorResponse(op.envelope, error, requestId, headers);
    }
  };
}

export function errorResponse(
  envelope: Envelope,
  error: unknown,
  requestId: string,
  headers: Record<string, string> = { "X-Request-Id": requestId },
): Response {
  const domainError = toDomainError(error, requestId);
  return jsonResponse(errorBody(envelope, domainError, requestId), httpStatus(domainError), {
    ...headers,
    ...errorHeaders(domainError),
    "X-Request-Id": requestId,
  });
}

function toDomainError(error: unknown, requestId: string): DomainError {
  if (isDomainError(error)) return error;
  logError("unhandled error", { requestId, error });
  return new AppError(
    "internal_error",
    `Something went wrong on our side. Quote request id ${requestId} when asking for help.`,
  );
}

/** The key and its workspace; a refused key is answered with the Bearer challenge (RFC 6750). */
async function authenticate(db: Db, request: Request): Promise<{ key: ApiKeyRow; workspace: WorkspaceRow }> {
  try {
    return await authenticateApiKey(db, readBearer(request));
  } catch (error) {
    if (isDomainError(error) && error.code === "unauthorized") {
      throw AppError.withHeaders(error, { "WWW-Authenticate": 'Bearer realm="bengkel"' });
    }
    throw error;
  }
}

/** Counts the request against the workspace's limiter: its rate-limit headers, or a 429 that carries them too. */
async function countRequest(db: Db, workspace: WorkspaceRow, service: Service): Promise<Record<string, string>> {
  try {
    return rateLimitHeaders(await consumeRequest(db, workspace, service));
  } catch (error) {
    if (error instanceof LimitExceeded) {
      throw AppError.withHeaders(error, {
        ...rateLimitHeaders(error.state, error.at),
        "Retry-After": String(error.retryAfterSeconds),
      });
    }
    throw error;
  }
}

function readBearer(request: Request): string | null {
  const header = request.headers.get("authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1] : null;
}

function authorize(op: Operation, key: ApiKeyRow, workspace: WorkspaceRow): void {
  if (op.scope && !keyHasScope(key, op.scope)) {
    throw new AppError("insufficient_scope", `This API key lacks the \`${op.scope}\` scope.`, {
      details: { required_scope: op.scope, key_scopes: key.scopes },
    });
  }
  if (op.plan && !planAtLeast(workspace.plan, op.plan)) {
    throw new AppError(
      "plan_required",
      `This endpoint needs the ${op.plan} plan or higher; this workspace is on ${workspace.plan}.`,
      {
        details: { required_plan: op.plan, current_plan: workspace.plan },
      },
    );
  }
}

/** Repeated query parameters (e.g. `format=stl&format=obj`) arrive as arrays. */
function queryEntries(url: URL): [string, string | string[]][] {
  const out = new Map<string, string | string[]>();
  for (const [name, value] of url.searchParams) {
    const prev = out.get(name);
    out.set(name, prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]);
  }
  return [...out];
}

async function readJson(request: Request, limit: number): Promise<unknown> {
  const text = await readBodyText(request, limit);
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", "The request body is not valid JSON.", { param: "body" });
  }
}

/** The body as text, refused with 413 as soon as it passes `limit` bytes (declared or counted): never read whole first. */
async function readBodyText(request: Request, limit: number): Promise<string> {
  const tooLarge = () =>
    new AppError("payload_too_large", `The request body is larger than ${Math.round(limit / 1024)} KB.`, {
      param: "body",
      details: { max_bytes: limit },
    });
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw tooLarge();
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseWith<T extends z.ZodType>(schema: T | undefined, input: unknown, where: string): z.output<T> | undefined {
  if (!schema) return undefined;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    param: issue.path.length ? issue.path.join(".") : where,
    in: where,
    code: issue.code,
    message: issue.message,
  }));
  const first = issues[0];
  throw new AppError("invalid_request", `Invalid ${where} parameter \`${first.param}\`: ${first.message}`, {
    param: first.param,
    details: { issues },
  });
}
