import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: "Bengkel API reference" };

export default function DocsPage() {
  return <ApiReference specUrl="/v1/openapi.json" />;
}
