"use client";

import { useState } from "react";
import type { Lang } from "@/lib/i18n/messages";
import type { FileMetadata } from "@/lib/metadata/types";
import { formatFixed } from "@/components/files/format";
import type { MetadataLabels } from "./metadata-labels";

const box = (b: { x: number; y: number; z?: number }, lang: Lang) =>
  [b.x, b.y, b.z]
    .filter((v): v is number => v !== undefined)
    .map((v) => formatFixed(v, 1, lang))
    .join(" × ") + " mm";

/** The extracted facts, the material with its evidence (or why there is none), and the description in either language. */
export function MetadataView({
  metadata: m,
  labels,
  lang,
}: {
  metadata: FileMetadata;
  labels: MetadataLabels;
  lang: Lang;
}) {
  const [descLang, setDescLang] = useState<Lang>(lang);
  const holes = m.dimensions.holes;
  const holesText =
    holes.count === null
      ? labels.holesUnknown
      : `${holes.count}${holes.diameters_mm.length ? ` (${holes.diameters_mm.map((d) => `Ø${formatFixed(d, 1, lang)}`).join(", ")} mm)` : ""}`;
  const facts: [string, string, string][] = [
    ["dimensions", labels.dimensions, box(m.dimensions.bbox_mm, lang)],
    [
      "thickness",
      labels.thickness,
      m.dimensions.thickness_mm === null ? "—" : `${formatFixed(m.dimensions.thickness_mm, 1, lang)} mm`,
    ],
    ["holes", labels.holes, holesText],
    ["shape", labels.shape, labels[m.shape_class]],
    ["part-type", labels.partType, m.part_type ?? "—"],
  ];
  const toggle = (value: Lang, label: string, text: string) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={descLang === value}
      onClick={() => setDescLang(value)}
      className={`rounded px-2 py-0.5 text-xs ${descLang === value ? "bg-stone-800 text-white" : "bg-stone-100"}`}
    >
      {text}
    </button>
  );
  return (
    <div className="space-y-3 text-sm">
      <div>
        <div className="flex items-center gap-2">
          <h3 className="font-medium text-stone-500">{labels.description}</h3>
          {toggle("id", labels.showId, "ID")}
          {toggle("en", labels.showEn, "EN")}
        </div>
        <p className="mt-1" data-testid="metadata-description" lang={descLang}>
          {m.description[descLang]}
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {facts.map(([id, label, value]) => (
          <div key={id} className="contents">
            <dt className="text-stone-500">{label}</dt>
            <dd data-testid={`metadata-${id}`}>{value}</dd>
          </div>
        ))}
        <dt className="text-stone-500">{labels.material}</dt>
        <dd data-testid="metadata-material">
          {m.material ? (
            <>
              {m.material.label}
              {m.material.id && <span className="font-mono text-xs text-stone-500"> ({m.material.id})</span>} ·{" "}
              {labels.confidence} {formatFixed(m.material.confidence * 100, 0, lang)} %
              <ul className="mt-1 list-disc pl-5 text-xs text-stone-600" aria-label={labels.evidence}>
                {m.material.evidence.map((e, i) => (
                  <li key={i}>
                    <span className="font-mono">{e.source}</span>: {e.text}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <span className="text-stone-500">
              {labels.noMaterial}
              {m.material_reason && `: ${m.material_reason}`}
            </span>
          )}
        </dd>
      </dl>
      {m.components.length > 0 && (
        <div>
          <h3 className="font-medium text-stone-500">{labels.components}</h3>
          <ul className="list-disc pl-5" data-testid="metadata-components">
            {m.components.map((c, i) => (
              <li key={i}>
                {c.name} — {box(c.bbox_mm, lang)}
                {c.volume_cm3 !== undefined && `, ${formatFixed(c.volume_cm3, 2, lang)} cm³`}
                {c.cut_length_mm !== undefined && `, ${formatFixed(c.cut_length_mm, 1, lang)} mm`}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-xs text-stone-400">
        {labels.analyzer}: {m.analyzer} · {new Date(m.analyzed_at).toISOString().slice(0, 16).replace("T", " ")} UTC
      </p>
    </div>
  );
}
