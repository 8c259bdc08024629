import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { preload } from "react-dom";
import { getDb } from "@/lib/db/client";
import { resolveViewerToken } from "@/lib/viewer/resolve-viewer-token";
import { viewerFactsFor } from "@/lib/viewer/viewer-facts";
import { parseViewerOptions } from "@/components/viewer/viewer-options";
import { ModelViewer } from "@/components/viewer/model-viewer";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "3D viewer", robots: { index: false, follow: false } };

export default async function EmbedViewPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await params;
  const resolved = await resolveViewerToken(getDb(), token);
  if (resolved.state !== "active") notFound();
  const options = parseViewerOptions(await searchParams);
  const base = `/embed-assets/${encodeURIComponent(token)}`;
  // The display asset downloads while the viewer's scripts load and start, not after (fetch() then reuses it).
  preload(`${base}/display`, { as: "fetch", crossOrigin: "anonymous" });
  return (
    <div className="fixed inset-0">
      {/* The root layout paints the body; an embed must be able to show the host page through it. */}
      {options.bg === "transparent" && <style>{"html,body{background:transparent!important}"}</style>}
      <ModelViewer
        src={`${base}/display`}
        facts={viewerFactsFor(resolved.file, resolved.version, options.lang)}
        downloadUrl={resolved.token.allowDownload ? `${base}/original` : undefined}
        options={options}
        postEvents
      />
    </div>
  );
}
