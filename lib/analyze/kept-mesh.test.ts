import { describe, expect, it } from "vitest";
import { KeptMesh } from "./kept-mesh";

const meshOf = (seed: number) => ({ positions: new Float32Array([seed, 0, 0]), indices: new Uint32Array([0, 0, 0]) });
const A = "a".repeat(64);
const B = "b".repeat(64);

describe("KeptMesh", () => {
  it("gives the mesh to the estimate of the same content once, and to no other", () => {
    const kept = new KeptMesh(60_000);
    const mesh = meshOf(1);
    kept.keep(A, mesh);
    expect(kept.holds(A)).toBe(true);
    expect(kept.take(A)).toBe(mesh);
    expect(kept.take(A)).toBeNull();

    kept.keep(A, mesh);
    expect(kept.take(B)).toBeNull();
    // A key that did not match dropped the mesh: its memory goes to the task that asked.
    expect(kept.take(A)).toBeNull();
    kept.keep(A, mesh);
    expect(kept.take(undefined)).toBeNull();
    expect(kept.holds(A)).toBe(false);
  });

  it("keeps only the latest mesh", () => {
    const kept = new KeptMesh(60_000);
    kept.keep(A, meshOf(1));
    const b = meshOf(2);
    kept.keep(B, b);
    expect(kept.holds(A)).toBe(false);
    expect(kept.take(A)).toBeNull();
    kept.keep(B, b);
    expect(kept.take(B)).toBe(b);
  });

  it("never gives a stale mesh, even before its timer has run", () => {
    let now = 1_000;
    const kept = new KeptMesh(60_000, () => now);
    kept.keep(A, meshOf(1));
    now += 59_999;
    expect(kept.take(A)).not.toBeNull();
    kept.keep(A, meshOf(1));
    now += 60_000;
    expect(kept.take(A)).toBeNull();
  });

  it("drops the mesh when its time is up or when asked", async () => {
    const kept = new KeptMesh(20);
    kept.keep(A, meshOf(1));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(kept.holds(A)).toBe(false);
    kept.keep(A, meshOf(1));
    kept.drop();
    expect(kept.take(A)).toBeNull();
  });
});
