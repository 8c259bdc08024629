/** The corpus and the slicer's figures for it (reference.json), shared by the harness and its test. */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface SlicerFigures {
  weight_g: number;
  time_s: number;
  filament_mm: number;
  filament_mm3: number;
}

export interface ReferencePart {
  file: string;
  sha256: string;
  triangles: number;
  slicer: string;
  /** Real overhangs: also sliced with supports on, and reported in their own rows. */
  needs_supports: boolean;
  no_supports: SlicerFigures;
  supports?: SlicerFigures;
}

export interface Reference {
  profile: string;
  profile_sha256: string;
  infill_percent: number;
  parts: ReferencePart[];
  /** Parts kept out of the estimator's development (holdout/), reported on their own. */
  holdout?: ReferencePart[];
}

export const QUOTES_DIR = path.dirname(new URL(import.meta.url).pathname);
export const PARTS_DIR = path.join(QUOTES_DIR, "parts");
export const HOLDOUT_DIR = path.join(QUOTES_DIR, "holdout");
export const REFERENCE_PATH = path.join(QUOTES_DIR, "reference.json");
export const PROFILE_PATH = path.join(QUOTES_DIR, "profile.ini");

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export function loadReference(): Reference {
  return JSON.parse(fs.readFileSync(REFERENCE_PATH, "utf8")) as Reference;
}

export function listPartFiles(dir: string = PARTS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /\.(stl|3mf|obj)$/i.test(name))
    .sort();
}
