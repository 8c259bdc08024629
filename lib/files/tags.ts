import { z } from "zod";

export const MAX_TAGS = 20;

/** Tags are free strings, trimmed and lower-cased, unique per file, at most 20. */
export const tagsSchema = z
  .array(z.string().trim().toLowerCase().min(1).max(50))
  .transform((tags) => [...new Set(tags)])
  .pipe(z.array(z.string()).max(MAX_TAGS, `At most ${MAX_TAGS} tags per file.`));

/** Multipart forms send tags as repeated fields or one comma-separated field. */
export function tagsFromForm(values: string[] | undefined): string[] {
  return (values ?? []).flatMap((v) => v.split(","));
}
