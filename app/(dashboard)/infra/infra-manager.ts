import type { ActionState } from "@/components/dashboard/action-result";
import "server-only";
import { revalidatePath } from "next/cache";
import type { z } from "zod";
import {
  dashboardAction,
  type ActionContext,
  type ActionSpec,
  type Infer,
  type StatefulAction,
} from "../dashboard-pipeline";

/** What every infra form or button gets back: a lib error (with its param), a note, or a secret shown once. */
export type InfraActionState = ActionState;
export type InfraAction = StatefulAction<InfraActionState>;

/** The first zod issue, worded like the API's 400 (param + message). */
export function zodProblem(error: z.ZodError): InfraActionState {
  const issue = error.issues[0];
  const param = issue.path.join(".");
  return { error: param ? `\`${param}\` ${issue.message}` : issue.message, param: param || undefined };
}

/**
 * An infra change: `manage_infra` (owners and admins, as for webhooks). A refusal answers the translated
 * `infra.forbidden`; an AppError (400 param, 409 invalid_state…) becomes the form's message and field; after the
 * work the page at `revalidate` is refreshed.
 */
export function infraAction<S extends z.ZodType | undefined = undefined>(
  spec: Pick<ActionSpec<S, InfraActionState>, "mirrors" | "input" | "read" | "invalid"> & {
    revalidate: string | ((data: FormData) => string);
  },
  work: (ctx: ActionContext<Infer<S>>) => Promise<InfraActionState> | InfraActionState,
): InfraAction {
  const { revalidate, ...rest } = spec;
  return dashboardAction(
    {
      permission: "manage_infra",
      denied: (_refused, { t }) => ({ error: t("infra.forbidden") }),
      failed: (error) => ({ error: error.message, param: error.param }),
      invalid: zodProblem,
      ...rest,
    },
    async (ctx): Promise<InfraActionState> => {
      const result = await work(ctx);
      revalidatePath(typeof revalidate === "string" ? revalidate : revalidate(ctx.data));
      return result;
    },
  );
}

export const field = (data: FormData, name: string) => String(data.get(name) ?? "");

/** An optional integer field: blank is absent, anything else must parse (NaN reaches lib's validation). */
export function optionalInt(data: FormData, name: string): number | undefined {
  const raw = field(data, name).trim();
  return raw === "" ? undefined : Number(raw);
}
