import { z } from "zod";

/** The `[id]` segment of /dashboard-api/files/[id]/…. */
export const fileParams = z.object({ id: z.string() });
