import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { verifyUserPassword } from "@/lib/users/users";
import { readOrCreateLocalSecret } from "@/lib/local-secret";

// Self-hosters rarely know their public URL at first start; trust the Host header
// unless NEXTAUTH_URL pins it (recommended behind a proxy, see README).
if (!process.env.NEXTAUTH_URL && !process.env.AUTH_TRUST_HOST) process.env.AUTH_TRUST_HOST = "true";

const credentials = z.object({ email: z.string().trim().email().max(254), password: z.string().min(1).max(1024) });

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET ?? readOrCreateLocalSecret("auth"),
  session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(input) {
        const parsed = credentials.safeParse(input);
        if (!parsed.success) return null;
        const user = await verifyUserPassword(getDb(), parsed.data.email, parsed.data.password);
        return user ? { id: user.id, email: user.email, name: user.name ?? user.email } : null;
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) token.uid = user.id;
      return token;
    },
    session({ session, token }) {
      if (session.user) (session.user as { id?: string }).id = token.uid as string;
      return session;
    },
  },
};
