"use server";

import { z } from "zod";
import { hostLabel } from "@/lib/contracts/infra-common";
import { createVps, runVpsCommand } from "@/lib/infra/vps/manage-vps";
import { asManager, field, zodProblem, type InfraActionState } from "../infra-manager";

const COMMANDS = ["restart", "stop", "start", "delete"] as const;
// The API's label rule; region, plan and image are checked by lib against the catalogues.
const createForm = z.object({ label: hostLabel, region: z.string(), plan: z.string(), image: z.string() });

export async function createVpsAction(_prev: InfraActionState, data: FormData): Promise<InfraActionState> {
  const parsed = createForm.safeParse({ label: field(data, "label"), region: field(data, "region"), plan: field(data, "plan"), image: field(data, "image") });
  if (!parsed.success) return zodProblem(parsed.error);
  return asManager("/infra/vps", ({ db, workspaceId }) => {
    const vps = createVps(db, workspaceId, parsed.data);
    return { message: `${vps.label}: ${vps.status}` };
  });
}

export async function vpsCommandAction(_prev: InfraActionState, data: FormData): Promise<InfraActionState> {
  const command = COMMANDS.find((c) => c === field(data, "command"));
  if (!command) return { error: "Unknown command.", param: "command" };
  return asManager("/infra/vps", ({ db, workspaceId }) => {
    const action = runVpsCommand(db, workspaceId, field(data, "vpsId"), command);
    return { message: `${action.command}: ${action.status.replace("_", " ")}` };
  });
}
