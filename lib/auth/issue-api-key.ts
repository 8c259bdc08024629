import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { scopesForPlan, type QuotePlan, type Scope } from "@/lib/plans/plans";
import { createApiKey, type ApiKeyRow } from "./api-keys";

export interface IssueApiKeyInput {
  workspace: { id: string; plan: QuotePlan };
  name: string;
  /** Empty = every scope the plan offers. */
  scopes: Scope[];
  expiresInDays?: number;
  /** Scopes of the key making the request; null when a signed-in member or the CLI asks. */
  issuerScopes: Scope[] | null;
  createdBy?: string | null;
}

/** Creates a key after the rules every entry point shares: plan-appropriate scopes, no escalation. */
export async function issueApiKey(db: Db, input: IssueApiKeyInput): Promise<{ key: ApiKeyRow; secret: string }> {
  const offered = scopesForPlan(input.workspace.plan);
  const notOffered = input.scopes.filter((scope) => !offered.includes(scope));
  if (notOffered.length) {
    throw new DomainError(
      "invalid_request",
      `Scope ${notOffered.join(", ")} is not available on the ${input.workspace.plan} plan.`,
      {
        param: "scopes",
        details: { available_scopes: offered },
      },
    );
  }
  const issuerLimited = input.issuerScopes !== null && input.issuerScopes.length > 0;
  if (issuerLimited) {
    const beyond =
      input.scopes.length === 0 ? ["(all scopes)"] : input.scopes.filter((s) => !input.issuerScopes!.includes(s));
    if (beyond.length) {
      throw new DomainError("insufficient_scope", `A key cannot grant scopes it does not have: ${beyond.join(", ")}.`, {
        param: "scopes",
        details: { key_scopes: input.issuerScopes },
      });
    }
  }
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
  return await createApiKey(db, {
    workspaceId: input.workspace.id,
    name: input.name,
    scopes: input.scopes,
    expiresAt,
    createdBy: input.createdBy,
  });
}
