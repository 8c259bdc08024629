import type { ComponentMetadata, FileStructure } from "./types";

/**
 * The part an instance belongs to, from its name: "bolt_1", "nut.001",
 * "bracket (2)" and "Body:3" are instances of "bolt", "nut", "bracket" and
 * "Body". A trailing number only counts as an instance number after a
 * separator, so "M8" and "Body1" keep theirs.
 */
export function partOfInstance(name: string): string {
  const trimmed = name.trim();
  return trimmed.replace(/(?:[\s_.:#-]+\d+|\s*\(\d+\))$/, "").trim() || trimmed;
}

/**
 * How a file is built, from its components (see docs/search.md):
 * - `components`: the named objects of a mesh (one per placed instance: a STEP
 *   assembly's leaf parts, a 3MF's build items, an OBJ's groups) or the outer
 *   contours of a drawing;
 * - `distinct_parts` and `instances`: the components grouped by part name;
 * - `shells`: connected pieces of the tessellated mesh (`geometry.parts`).
 *   Touching components weld into one shell (a nut on its bolt), so it is not
 *   a component count; null for drawings.
 * A mesh with two or more distinct named parts is an `assembly`; several
 * components of one part (copies on a print plate, a nested sheet) are
 * `multiple`; one component (or none listed) is `single`.
 */
export function fileStructure(
  kind: "mesh" | "laser",
  components: ComponentMetadata[],
  shells: number | null,
): FileStructure {
  const groups = new Map<string, { name: string; count: number }>();
  for (const c of components) {
    const name = components.length > 1 ? partOfInstance(c.name) : c.name.trim();
    const key = name.toLowerCase();
    const group = groups.get(key) ?? { name, count: 0 };
    group.count++;
    groups.set(key, group);
  }
  const instances = [...groups.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const type = kind === "mesh" && instances.length >= 2 ? "assembly" : components.length >= 2 ? "multiple" : "single";
  return {
    type,
    components: components.length,
    distinct_parts: instances.length,
    instances,
    shells: kind === "mesh" ? shells : null,
  };
}
