import type { ActionState } from "@/components/dashboard/action-result";
import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import { requireDashboard } from "../dashboard-session";
import { isAppError } from "@/lib/api/app-error";
import { canDecide } from "@/lib/dashboard/roles";
import type { Db } from "@/lib/db/client";

/** What every infra form or button gets back: a lib error (with its param), a note, or a secret shown once. */
export type InfraActionState = ActionState;
export type InfraAction = (prev: InfraActionState, data: FormData) => Promise<InfraActionState>;

/**
 * Changes are for owners and admins, as for webhooks. Runs `work` and turns an
 * AppError (400 param, 409 invalid_state…) into a message the form shows.
 */
export async function asManager(path: string, work: (ctx: { db: Db; workspaceId: string }) => Promise<InfraActionState> | InfraActionState): Promise<InfraActionState> {
  const { db, current, t } = await requireDashboard();
  if (!canDecide(current.role)) return { error: t("infra.forbidden") };
  try {
    const result = await work({ db, workspaceId: current.workspace.id });
    revalidatePath(path);
    return result;
  } catch (error) {
    if (isAppError(error)) return { error: error.message, param: error.param };
    throw error;
  }
}

/** The first zod issue, worded like the API's 400 (param + message). */
export function zodProblem(error: z.ZodError): InfraActionState {
  const issue = error.issues[0];
  const param = issue.path.join(".");
  return { error: param ? `\`${param}\` ${issue.message}` : issue.message, param: param || undefined };
}

export const field = (data: FormData, name: string) => String(data.get(name) ?? "");

/** An optional integer field: blank is absent, anything else must parse (NaN reaches lib's validation). */
export function optionalInt(data: FormData, name: string): number | undefined {
  const raw = field(data, name).trim();
  return raw === "" ? undefined : Number(raw);
}
