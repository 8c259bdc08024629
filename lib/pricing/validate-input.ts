import type { z } from "zod";
import { DomainError } from "@/lib/errors";

/** Parses caller input, turning the first zod issue into the app's `invalid_request` error. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const param = issue.path.map(String).join(".");
  throw new DomainError("invalid_request", `${what}: ${param ? `${param}: ` : ""}${issue.message}`, {
    param: param || undefined,
    details: result.error.issues,
  });
}
