"use client";

import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/**
 * Scalar is bundled into the app. Everything that would reach Scalar's servers
 * is off: default fonts (CDN), the AI agent and its API registry, developer tools.
 */
export function ApiReference({ specUrl }: { specUrl: string }) {
  const configuration = {
    url: specUrl,
    withDefaultFonts: false,
    hideClientButton: true,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: "never" as const,
  };
  return <ApiReferenceReact configuration={configuration} />;
}
