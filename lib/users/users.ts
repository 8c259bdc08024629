import { eq } from "drizzle-orm";
import { hash, verify } from "@node-rs/argon2";
import { users } from "@/db/schema";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";

export type UserRow = typeof users.$inferSelect;

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. Algorithm 2 = argon2id. */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A hash of a throwaway password, so unknown e-mails cost the same time as wrong passwords. */
let timingDecoy: Promise<string> | undefined;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function createUser(db: Db, input: { email: string; password: string; name?: string }): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  if (input.password.length < 8)
    throw new DomainError("invalid_request", "Password must be at least 8 characters.", { param: "password" });
  if ((await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1))[0]) {
    throw new DomainError("conflict", `A user with e-mail ${email} already exists.`, { param: "email" });
  }
  return (
    await db
      .insert(users)
      .values({
        id: newId("user"),
        email,
        name: input.name ?? null,
        passwordHash: await hashPassword(input.password),
        createdAt: new Date(),
      })
      .returning()
  )[0];
}

/**
 * Checks a password against a stored argon2id hash; without one (unknown account)
 * against a throwaway hash, so that costs the same time, and answers false.
 */
export async function verifyPasswordHash(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    timingDecoy ??= hashPassword("timing-decoy-password");
    await verify(await timingDecoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export async function verifyUserPassword(db: Db, email: string, password: string): Promise<UserRow | null> {
  const user = (await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1))[0];
  return (await verifyPasswordHash(user?.passwordHash, password)) && user ? user : null;
}
