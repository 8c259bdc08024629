import { route } from "@/lib/api/route";
import { getEmailActivity } from "@/lib/contracts/infra-email";
import { emailActivity } from "@/lib/infra/email/email-activity";

export const GET = route(getEmailActivity, ({ db, workspace, query }) => emailActivity(db, workspace.id, query.days));
