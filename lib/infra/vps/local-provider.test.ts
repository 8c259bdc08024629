import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { localProvider } from "./local-provider";
import { createVps } from "./manage-vps";
import { startVpsTicker } from "./vps-lifecycle";
import { seedWorkspace, useTestDb } from "@/test/helpers/test-db";
import { vpsInstances } from "@/db/schema";

afterEach(() => {
  delete process.env.VPS_LOCAL_SPEED;
});

describe("the local VPS provider", () => {
  it("hands out RFC 5737 / RFC 3849 documentation addresses", () => {
    expect(localProvider.addresses(0)).toEqual({ ipv4: "192.0.2.1", ipv6: "2001:db8:1::1" });
    expect(localProvider.addresses(253).ipv4).toBe("192.0.2.254");
    expect(localProvider.addresses(254)).toEqual({ ipv4: "198.51.100.1", ipv6: "2001:db8:ff::1" });
    expect(localProvider.addresses(localProvider.poolSize - 1).ipv4).toBe("198.51.100.254");
  });

  it("scales its timings by VPS_LOCAL_SPEED", () => {
    expect(localProvider.durationMs("provisioning")).toBe(45_000);
    process.env.VPS_LOCAL_SPEED = "10";
    expect(localProvider.durationMs("provisioning")).toBe(4_500);
    // A bad setting is refused by name (lib/config.ts), not silently read as 1.
    process.env.VPS_LOCAL_SPEED = "nonsense";
    expect(() => localProvider.durationMs("rebooting")).toThrow(/VPS_LOCAL_SPEED/);
    delete process.env.VPS_LOCAL_SPEED;
    expect(localProvider.durationMs("rebooting")).toBe(15_000);
  });

  it("the ticker settles instances on its own", async () => {
    const { db } = await useTestDb();
    const { workspace } = await seedWorkspace(db);
    process.env.VPS_LOCAL_SPEED = "1000";
    const vps = await createVps(db, workspace.id, {
      label: "tick",
      region: "sgp1",
      plan: "s-1vcpu-1gb",
      image: "debian-12",
    });
    const ticker = startVpsTicker(db, 10);
    await new Promise((r) => setTimeout(r, 150));
    ticker.stop();
    expect((await db.select().from(vpsInstances).where(eq(vpsInstances.id, vps.id)).limit(1))[0]).toMatchObject({
      status: "running",
      settlesAt: null,
    });
  });
});
