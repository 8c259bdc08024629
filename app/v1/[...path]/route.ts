import { notFoundRoute } from "@/lib/api/not-found-route";

const handler = notFoundRoute("v1");
export { handler as GET, handler as POST, handler as PATCH, handler as PUT, handler as DELETE };
