import { beforeAll, expect, it, vi } from "vitest";
import { useTestDb } from "@/test/helpers/test-db";
import { createUser } from "@/lib/users/users";
import { authOptions } from "./auth-options";

vi.hoisted(() => {
  process.env.NEXTAUTH_SECRET ??= "test-secret"; // auth-options would otherwise write one into the data folder
});

const PASSWORD = "right password 123";
beforeAll(async () => {
  const { db } = await useTestDb();
  await createUser(db, { email: "ayu@example.id", password: PASSWORD });
});
const from = (address: string) => ({ headers: { "x-forwarded-for": `203.0.113.250, ${address}` } });

it("wires the credentials check into the next-auth provider", async () => {
  const provider = authOptions.providers[0] as unknown as {
    options: { authorize: (input: unknown, req: unknown) => Promise<unknown> };
  };
  expect(
    await provider.options.authorize({ email: "ayu@example.id", password: PASSWORD }, from("192.0.2.250")),
  ).toMatchObject({ email: "ayu@example.id" });
  expect(
    await provider.options.authorize({ email: "ayu@example.id", password: "wrong" }, from("192.0.2.250")),
  ).toBeNull();
});
