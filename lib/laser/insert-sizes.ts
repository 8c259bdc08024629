import { DomainError } from "@/lib/errors";
import type { DrawingBlock, DrawingEntity } from "./types";

/** Nesting deeper than this is never drawn by hand; it means a generated or hostile file. */
export const MAX_BLOCK_DEPTH = 32;

export type Insert = Extract<DrawingEntity, { type: "insert" }>;

/** The cells forEachCell visits (column × row counts, DXF codes 70/71; a fractional count from a damaged file rounds up). */
function cellCount(e: Insert): number {
  return Math.ceil(e.rows) * Math.ceil(e.columns);
}

/**
 * How many entity instances an INSERT explodes into, from the block definitions alone: every array cell
 * counts (so empty blocks and points are not free), nested INSERTs multiply out, each block is sized once.
 * Refuses block cycles and nesting deeper than MAX_BLOCK_DEPTH while sizing, so the walk never meets them.
 */
export function insertSizes(blocks: Map<string, DrawingBlock>): (e: Insert) => number {
  const sizes = new Map<string, number>();
  const path: string[] = [];
  const blockSize = (name: string, block: DrawingBlock): number => {
    const known = sizes.get(name);
    if (known !== undefined) return known;
    if (path.includes(name)) {
      const cycle = [...path.slice(path.indexOf(name)), name].map((b) => `"${b}"`).join(" → ");
      throw new DomainError(
        "unreadable_file",
        `Block "${name}" inserts itself (${cycle}), so it never ends; the drawing is damaged. Explode or redefine that block in the CAD program and export the drawing again.`,
        {
          details: { block: name },
        },
      );
    }
    if (path.length >= MAX_BLOCK_DEPTH) {
      throw new DomainError(
        "drawing_too_complex",
        `Blocks in the drawing are nested more than ${MAX_BLOCK_DEPTH} levels deep (block "${name}"). Explode the blocks or simplify the drawing and upload it again.`,
        {
          details: { max_block_depth: MAX_BLOCK_DEPTH, block: name },
        },
      );
    }
    path.push(name);
    let size = 0;
    for (const e of block.entities) size += e.type === "insert" ? insertSize(e) : 1;
    path.pop();
    sizes.set(name, size);
    return size;
  };
  const insertSize = (e: Insert): number => {
    const name = e.block.toUpperCase();
    const block = blocks.get(name);
    // Counted before multiplying: a 100,000 × 100,000 array costs one multiplication, not an allocation.
    return block ? cellCount(e) * (1 + blockSize(name, block)) : 1;
  };
  return insertSize;
}
