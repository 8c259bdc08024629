import { z } from "zod";
import { SCOPES } from "@/lib/plans/plans";

export const isoDate = z.string().meta({ format: "date-time", example: "2026-11-22T03:14:00.000Z" });

export const scopeSchema = z.enum(SCOPES).meta({ id: "Scope" });

export const idParams = (description: string) => z.object({ id: z.string().min(1).max(100).meta({ description }) });
