import path from "node:path";
import { resolveFromRoot } from "@/lib/paths";

/** Read at call time so tests can point DATA_DIR at a temp folder. */
export function infraDataPath(...segments: string[]): string {
  return path.join(process.env.DATA_DIR ?? resolveFromRoot("data"), ...segments);
}
