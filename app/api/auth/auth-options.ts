import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authorizeCredentials } from "@/lib/auth/sign-in";
import { config } from "@/lib/config";
import { readOrCreateLocalSecret } from "@/lib/local-secret";

// Self-hosters rarely know their public URL at first start; trust the Host header
// unless NEXTAUTH_URL pins it (recommended behind a proxy, see README).
if (!process.env.NEXTAUTH_URL && !process.env.AUTH_TRUST_HOST) process.env.AUTH_TRUST_HOST = "true";

/** The next-auth configuration of the dashboard: credentials sign-in (lib/auth/sign-in.ts), JWT sessions. */
export const authOptions: NextAuthOptions = {
  secret: config().NEXTAUTH_SECRET ?? readOrCreateLocalSecret("auth"),
  session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      authorize: (input, req) => authorizeCredentials(input, req),
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
