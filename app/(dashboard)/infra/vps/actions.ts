"use server";

import { z } from "zod";
import { hostLabel } from "@/lib/contracts/infra-common";
import { createVps, runVpsCommand } from "@/lib/infra/vps/manage-vps";
import * as api from "@/lib/contracts/infra-vps";
import { field, infraAction } from "../infra-manager";

const COMMANDS = ["restart", "stop", "start", "delete"] as const;
// The API's label rule; region, plan and image are checked by lib against the catalogues.
const createForm = z.object({ label: hostLabel, region: z.string(), plan: z.string(), image: z.string() });

export const createVpsAction = infraAction(
  {
    mirrors: api.createVpsContract,
    input: createForm,
    read: (data) => ({
      label: field(data, "label"),
      region: field(data, "region"),
      plan: field(data, "plan"),
      image: field(data, "image"),
    }),
    revalidate: "/infra/vps",
  },
  async ({ db, workspace, input }) => {
    const vps = await createVps(db, workspace.id, input);
    return { message: `${vps.label}: ${vps.status}` };
  },
);

export const vpsCommandAction = infraAction(
  {
    input: z.object({ command: z.enum(COMMANDS) }),
    read: (data) => ({ command: field(data, "command") }),
    invalid: () => ({ error: "Unknown command.", param: "command" }),
    revalidate: "/infra/vps",
  },
  async ({ db, workspace, data, input: { command } }) => {
    const action = await runVpsCommand(db, workspace.id, field(data, "vpsId"), command);
    return { message: `${action.command}: ${action.status.replace("_", " ")}` };
  },
);
