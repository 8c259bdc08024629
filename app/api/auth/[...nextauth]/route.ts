import NextAuth from "next-auth";
import { authOptions } from "@/app/api/auth/auth-options";

/** Dashboard sign-in (session cookies). The only /api path that takes no API key. */
const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };
