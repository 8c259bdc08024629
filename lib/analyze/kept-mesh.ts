import type { WeldedStl } from "@/lib/geometry";

/**
 * The welded mesh of an analysis child's most recent large binary STL upload, kept for the print estimate
 * that usually follows it within seconds (the estimate on upload, or the first quote), so that estimate
 * neither reads the file again nor welds it (issue #15, docs/pricing.md). It is found only by the
 * content's SHA-256 and only until `keepMs` after it was kept; whatever the next task is, the mesh is
 * forgotten then: handed to the estimate it belongs to, else dropped so the memory goes to that task.
 */
export class KeptMesh {
  private kept: { sha256: string; mesh: WeldedStl; until: number; timer: NodeJS.Timeout } | null = null;

  constructor(
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps `mesh` as the content `sha256`'s, in place of any other. */
  keep(sha256: string, mesh: WeldedStl): void {
    this.drop();
    // The timer only frees the memory of a mesh no estimate came for; `until` is what decides.
    const timer = setTimeout(() => this.drop(), this.keepMs);
    timer.unref();
    this.kept = { sha256, mesh, until: this.now() + this.keepMs, timer };
  }

  /** The mesh kept for the content `sha256` if it is still fresh, else null; either way none is kept after. */
  take(sha256: string | undefined): WeldedStl | null {
    const kept = this.kept;
    this.drop();
    return kept && sha256 !== undefined && kept.sha256 === sha256 && this.now() < kept.until ? kept.mesh : null;
  }

  /** Whether the mesh of the content `sha256` is kept. */
  holds(sha256: string | undefined): boolean {
    return this.kept !== null && this.kept.sha256 === sha256;
  }

  drop(): void {
    if (this.kept) clearTimeout(this.kept.timer);
    this.kept = null;
  }
}
