import { getDb } from "@/lib/db/client";
import { seedDemo } from "@/lib/demo/seed-demo";
import { printResult } from "../output";

export async function runDemo(json: boolean): Promise<void> {
  const demo = await seedDemo(getDb());
  printResult(demo, json, () =>
    [
      "Demo login (dashboard):",
      `  email:    ${demo.email}`,
      `  password: ${demo.password}`,
      "Demo API keys (new on every start; earlier demo keys are revoked):",
      ...demo.keys.map((k) => `  ${k.plan.padEnd(5)} ${k.infra_plan.padEnd(12)} ${k.workspace_id}  ${k.key}`),
    ].join("\n"),
  );
}
