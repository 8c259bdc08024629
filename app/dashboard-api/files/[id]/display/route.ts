import { getFileVersion } from "@/lib/files/get-file";
import { displayAssetResponse } from "@/lib/api/display-asset-response";
import { dashboardRoute } from "@/app/(dashboard)/dashboard-pipeline";
import { fileParams } from "../../file-params";

/** The display mesh/drawing of a file's current version, for the viewer on the dashboard's file page. */
export const GET = dashboardRoute({ permission: "view", params: fileParams }, async ({ db, workspace, params }) =>
  displayAssetResponse((await getFileVersion(db, workspace.id, params.id)).version),
);
