"use client";

import { useMemo } from "react";
import * as THREE from "three";
import { Html, Line } from "@react-three/drei";
import { formatLength, type ViewerOptions } from "./viewer-options";

const MEASURE_COLOR = 0xe11d48;
const LABEL =
  "whitespace-nowrap rounded bg-white/90 px-1 py-0.5 text-[11px] tabular-nums text-stone-800 ring-1 ring-stone-300";

/** The measured points and the line between them, drawn over the model (no depth test). */
export function MeasureOverlay({ points }: { points: THREE.Vector3[] }) {
  const geometry = useMemo(() => new THREE.BufferGeometry().setFromPoints(points), [points]);
  if (!points.length) return null;
  return (
    <>
      <points geometry={geometry} renderOrder={10}>
        <pointsMaterial color={MEASURE_COLOR} size={9} sizeAttenuation={false} depthTest={false} />
      </points>
      {points.length === 2 && (
        <Line points={points} color={MEASURE_COLOR} lineWidth={2} depthTest={false} renderOrder={10} />
      )}
    </>
  );
}

/**
 * The bounding box drawn around the model with its three lengths labelled on three edges that meet at the front
 * bottom-left corner (`size` is the analysed extent; the box drawn is the display mesh's, quantised).
 */
export function DimensionOverlay({
  box,
  size,
  options,
}: {
  box: THREE.Box3;
  size: { x: number; y: number; z?: number };
  options: ViewerOptions;
}) {
  const outline = useMemo(() => {
    const extent = box.getSize(new THREE.Vector3());
    return new THREE.EdgesGeometry(new THREE.BoxGeometry(extent.x, extent.y, extent.z));
  }, [box]);
  const center = box.getCenter(new THREE.Vector3());
  const { min, max } = box;
  const label = (mm: number) => formatLength(mm, options.units, options.lang);
  const edges: [string, [number, number, number], string][] = [
    ["x", [center.x, min.y, min.z], label(size.x)],
    ["y", [max.x, center.y, min.z], label(size.y)],
  ];
  if (size.z !== undefined) edges.push(["z", [min.x, min.y, center.z], label(size.z)]);
  return (
    <>
      <lineSegments geometry={outline} position={center}>
        <lineBasicMaterial color={0x78716c} transparent opacity={0.7} />
      </lineSegments>
      {edges.map(([axis, at, text]) => (
        <Html key={axis} position={at} center pointerEvents="none" zIndexRange={[10, 0]}>
          <span className={LABEL} data-testid={`viewer-dim-${axis}`}>
            {text}
          </span>
        </Html>
      ))}
    </>
  );
}
