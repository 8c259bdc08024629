import { route } from "@/lib/api/route";
import { getEmailActivityContract } from "@/lib/contracts/infra-email";
import { emailActivity } from "@/lib/infra/email/email-activity";

export const GET = route(
  getEmailActivityContract,
  async ({ db, workspace, query }) => await emailActivity(db, workspace.id, query.days),
);
