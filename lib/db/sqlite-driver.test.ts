import { describe, expect, it } from "vitest";
import { SqliteGate } from "./sqlite-driver";

describe("the SQLite connection gate", () => {
  it("lets transactions begun in the same tick in one at a time", async () => {
    const gate = new SqliteGate();
    const log: string[] = [];
    const transaction = (name: string) =>
      gate.own(async () => {
        log.push(`${name} begins`);
        await new Promise((resolve) => setTimeout(resolve, 10));
        log.push(`${name} ends`);
      });
    await Promise.all([transaction("a"), transaction("b"), transaction("c")]);
    expect(log).toEqual(["a begins", "a ends", "b begins", "b ends", "c begins", "c ends"]);
  });
});
