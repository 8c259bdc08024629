"use client";

import { useRef, useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { UploadLabels } from "./upload-labels";
import type { Lang } from "@/lib/i18n/messages";
import { errorText } from "@/lib/i18n/errors";

interface Item {
  key: number;
  name: string;
  progress: number;
  state: "uploading" | "done" | "error";
  fileId?: string;
  error?: Failure;
}

/** A refused upload: the API's error code (and details) pick the dictionary sentence; `detail` is the API's English message. */
interface Failure {
  code: string;
  details?: unknown;
  detail: string;
}

/** Reads `{success, data}` / `{success: false, error}` from the dashboard endpoints. */
function outcome(xhr: XMLHttpRequest): { fileId?: string; error?: Failure } {
  try {
    const body = JSON.parse(xhr.responseText);
    if (body.success) return { fileId: body.data.file.id };
    return {
      error: {
        code: String(body.error?.code ?? ""),
        details: body.error?.details,
        detail: `${xhr.status}: ${body.error?.message ?? xhr.statusText}`,
      },
    };
  } catch {
    return xhr.status === 0
      ? { error: { code: "network", detail: "network: upload failed" } }
      : { error: { code: "", detail: `${xhr.status}: ${xhr.statusText || "upload failed"}` } };
  }
}

/**
 * Drag-and-drop or picked files, each posted on its own XHR so every file gets a real progress bar.
 * Failures read in the UI language from the error's code (lib/i18n/errors.ts). In English the API's own message
 * follows as a detail line; in Indonesian it stays out of the text (it is English) and is only the alert's tooltip.
 */
export function UploadZone(props: {
  endpoint: string;
  multiple: boolean;
  labels: UploadLabels;
  inputId: string;
  lang: Lang;
}) {
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const nextKey = useRef(0);
  const router = useRouter();
  const { labels } = props;

  const update = (key: number, patch: Partial<Item>) =>
    setItems((all) => all.map((it) => (it.key === key ? { ...it, ...patch } : it)));

  const send = (file: File) => {
    const key = nextKey.current++;
    setItems((all) => [{ key, name: file.name, progress: 0, state: "uploading" }, ...all]);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", props.endpoint);
    xhr.upload.onprogress = (event) => event.lengthComputable && update(key, { progress: event.loaded / event.total });
    xhr.onloadend = () => {
      const result = outcome(xhr);
      update(key, { progress: 1, state: result.fileId ? "done" : "error", ...result });
      if (result.fileId) router.refresh();
    };
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  };

  const sendAll = (files: FileList | null) => {
    for (const file of Array.from(files ?? []).slice(0, props.multiple ? undefined : 1)) send(file);
  };

  return (
    <div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          sendAll(event.dataTransfer.files);
        }}
        className={`flex flex-wrap items-center gap-3 rounded border-2 border-dashed p-4 text-sm ${dragging ? "border-orange-600 bg-orange-50" : "border-stone-300 bg-white"}`}
      >
        <span className="text-stone-600">{labels.drop}</span>
        <label
          htmlFor={props.inputId}
          className="cursor-pointer rounded bg-orange-700 px-3 py-1.5 text-white hover:bg-orange-800"
        >
          {labels.choose}
        </label>
        <input
          id={props.inputId}
          type="file"
          multiple={props.multiple}
          className="sr-only"
          onChange={(event) => {
            sendAll(event.currentTarget.files);
            event.currentTarget.value = "";
          }}
        />
      </div>
      {items.length > 0 && (
        <ul className="mt-3 space-y-2" aria-label={labels.uploading}>
          {items.map((item) => (
            <li
              key={item.key}
              className="rounded border border-stone-200 bg-white p-2 text-sm"
              data-testid="upload-item"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{item.name}</span>
                <span className="text-xs text-stone-500">
                  {item.state === "uploading"
                    ? labels.uploading
                    : item.state === "done"
                      ? labels.uploaded
                      : labels.failed}
                </span>
              </div>
              <div
                className="mt-1 h-1.5 rounded bg-stone-100"
                role="progressbar"
                aria-label={item.name}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(item.progress * 100)}
              >
                <div
                  className={`h-1.5 rounded ${item.state === "error" ? "bg-red-600" : "bg-orange-600"}`}
                  style={{ width: `${item.progress * 100}%` }}
                />
              </div>
              {item.fileId && (
                <Link href={`/files/${item.fileId}`} className="mt-1 inline-block text-orange-700 underline">
                  {labels.open} {item.name}
                </Link>
              )}
              {item.error && (
                <p
                  role="alert"
                  className="mt-1 text-red-700"
                  data-code={item.error.code}
                  title={props.lang === "id" ? item.error.detail : undefined}
                >
                  {errorText(item.error, props.lang)}
                  {props.lang === "en" && <span className="block text-xs text-red-600">{item.error.detail}</span>}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
