"use client";

import { useActionState, useState } from "react";
import type { InfraAction } from "@/app/(dashboard)/infra/infra-manager";
import { ActionResult } from "@/components/dashboard/action-result";
import { SubmitButton } from "@/components/dashboard/submit-button";

type Extra = "priority" | "weight" | "port" | "flags" | "tag";
export type RecordFormLabels = Record<
  "type" | "name" | "ttl" | "add" | "address" | "target" | "mailServer" | "text" | "value" | Extra,
  string
>;

/** Which fields each type takes (docs/infra.md); the others are not even shown, as lib rejects them. */
const SHAPES: Record<string, { data: keyof RecordFormLabels; extras: Extra[]; placeholder: string }> = {
  A: { data: "address", extras: [], placeholder: "192.0.2.10" },
  AAAA: { data: "address", extras: [], placeholder: "2001:db8::10" },
  CNAME: { data: "target", extras: [], placeholder: "app.example.com." },
  NS: { data: "target", extras: [], placeholder: "ns1.example.net." },
  MX: { data: "mailServer", extras: ["priority"], placeholder: "mail.example.com." },
  TXT: { data: "text", extras: [], placeholder: "v=spf1 -all" },
  SRV: { data: "target", extras: ["priority", "weight", "port"], placeholder: "sip.example.com." },
  CAA: { data: "value", extras: ["flags", "tag"], placeholder: "letsencrypt.org" },
};

const EMPTY = { name: "", data: "", ttl: "3600", priority: "", weight: "", port: "", flags: "0", tag: "issue" };

export function DnsRecordForm({
  action,
  domain,
  labels,
}: {
  action: InfraAction;
  domain: string;
  labels: RecordFormLabels;
}) {
  const [type, setType] = useState("A");
  const [values, setValues] = useState(EMPTY);
  const [state, formAction, pending] = useActionState(async (prev: Parameters<InfraAction>[0], data: FormData) => {
    const next = await action(prev, data);
    if (!next.error) setValues(EMPTY);
    return next;
  }, {});
  const shape = SHAPES[type];
  const input = "mt-1 block w-full rounded border border-stone-300 px-2 py-1";
  const text = (name: keyof typeof EMPTY, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <label key={name}>
      {label}
      <input
        name={name}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        aria-invalid={state.param === name || undefined}
        className={input}
        {...props}
      />
    </label>
  );
  return (
    <div className="rounded border border-stone-200 bg-white p-4">
      <form action={formAction} className="grid gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <input type="hidden" name="domain" value={domain} />
        <label>
          {labels.type}
          <select name="type" value={type} onChange={(e) => setType(e.target.value)} className={input}>
            {Object.keys(SHAPES).map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        {text("name", labels.name, { placeholder: "@" })}
        {text("data", labels[shape.data], { placeholder: shape.placeholder, required: true })}
        {shape.extras.map((extra) =>
          extra === "tag" ? (
            <label key="tag">
              {labels.tag}
              <select
                name="tag"
                value={values.tag}
                onChange={(e) => setValues((v) => ({ ...v, tag: e.target.value }))}
                className={input}
              >
                {["issue", "issuewild", "iodef"].map((tag) => (
                  <option key={tag}>{tag}</option>
                ))}
              </select>
            </label>
          ) : (
            text(extra, labels[extra], {
              type: "number",
              required: extra !== "flags",
              min: 0,
              max: extra === "flags" ? 255 : 65535,
            })
          ),
        )}
        {text("ttl", labels.ttl, { type: "number", min: 60, max: 86400 })}
        <div className="flex items-end">
          <SubmitButton pending={pending}>{labels.add}</SubmitButton>
        </div>
      </form>
      <ActionResult state={state} className="mt-3 text-sm" />
    </div>
  );
}
