"use client";

import { useActionState } from "react";
import { CopyButton } from "@/components/dashboard/copy-button";
import type { ShareState } from "@/app/(dashboard)/files/[id]/share-actions";
import { SubmitButton } from "@/components/dashboard/submit-button";

type Labels = Record<
  | "title"
  | "intro"
  | "expires"
  | "pin"
  | "allowDownload"
  | "lang"
  | "create"
  | "snippet"
  | "copy"
  | "copied"
  | "links"
  | "none"
  | "revoke"
  | "active"
  | "revoked"
  | "expired"
  | "download"
  | "expiresAt"
  | "never",
  string
>;

export interface ShareLink {
  id: string;
  state: "active" | "revoked" | "expired";
  createdAt: string;
  expiresAt: string | null;
  allowDownload: boolean;
}

/** "Share / Embed": make a no-login viewer link with options, copy its iframe snippet once, list and revoke links. */
export function ShareDialog(props: {
  fileId: string;
  links: ShareLink[];
  create: (prev: ShareState, data: FormData) => Promise<ShareState>;
  revoke: (data: FormData) => Promise<void>;
  labels: Labels;
  /** The viewer language offered first: the dashboard's. */
  lang: "en" | "id";
}) {
  const [state, formAction, pending] = useActionState(props.create, {});
  const { labels } = props;
  return (
    <details className="rounded border border-stone-200 bg-white p-4">
      <summary className="cursor-pointer font-medium">{labels.title}</summary>
      <p className="mt-2 text-sm text-stone-600">{labels.intro}</p>
      <form action={formAction} className="mt-3 grid gap-3 sm:grid-cols-3">
        <input type="hidden" name="fileId" value={props.fileId} />
        <label className="text-sm">
          {labels.expires}
          <input
            name="expiresInDays"
            type="number"
            min={1}
            max={365}
            className="mt-1 block w-full rounded border border-stone-300 px-2 py-1"
          />
        </label>
        <label className="text-sm">
          {labels.pin}
          <input
            name="pinVersion"
            type="number"
            min={1}
            className="mt-1 block w-full rounded border border-stone-300 px-2 py-1"
          />
        </label>
        <label className="text-sm">
          {labels.lang}
          <select
            name="lang"
            defaultValue={props.lang}
            className="mt-1 block w-full rounded border border-stone-300 px-2 py-1"
          >
            <option value="en">English</option>
            <option value="id">Bahasa Indonesia</option>
          </select>
        </label>
        <label className="flex items-end gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name="allowDownload" /> {labels.allowDownload}
        </label>
        <div className="sm:col-span-3">
          <SubmitButton pending={pending}>{labels.create}</SubmitButton>
        </div>
      </form>
      {state.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {state.error}
        </p>
      )}
      {state.iframeHtml && (
        <div className="mt-3 space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-sm">
          <label className="block">
            {labels.snippet}
            <textarea
              readOnly
              rows={3}
              value={state.iframeHtml}
              className="mt-1 block w-full rounded border bg-white p-2 font-mono text-xs"
            />
          </label>
          <a
            href={state.embedUrl}
            target="_blank"
            rel="noreferrer"
            className="break-all text-orange-700 underline"
            data-testid="embed-url"
          >
            {state.embedUrl}
          </a>
          <CopyButton
            key={state.iframeHtml}
            text={state.iframeHtml}
            copy={labels.copy}
            copied={labels.copied}
            className="ml-3"
          />
        </div>
      )}
      <h3 className="mt-4 text-sm font-medium">{labels.links}</h3>
      <ul className="mt-1 divide-y text-sm" data-testid="share-links">
        {props.links.length === 0 && <li className="py-2 text-stone-500">{labels.none}</li>}
        {props.links.map((link) => (
          <li key={link.id} className="flex items-center justify-between gap-3 py-2">
            <span className="font-mono text-xs">{link.id}</span>
            <span>{labels[link.state]}</span>
            <span className="text-xs text-stone-500">
              {labels.expiresAt}: {link.expiresAt ? link.expiresAt.slice(0, 10) : labels.never}
              {link.allowDownload ? ` · ${labels.download}` : ""}
            </span>
            {link.state === "active" && (
              <form action={props.revoke}>
                <input type="hidden" name="fileId" value={props.fileId} />
                <input type="hidden" name="tokenId" value={link.id} />
                <button className="rounded bg-red-50 px-2 py-1 text-red-700 hover:bg-red-100">{labels.revoke}</button>
              </form>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}
