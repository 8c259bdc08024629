import * as THREE from "three";
import { buildEdges } from "./measure-tool";
import type { DrawingLayerKey } from "./drawing-object";
import type { LoadedModel } from "./use-viewer-model";

export interface DisplaySettings {
  wireframe: boolean;
  edges: boolean;
  hiddenParts: ReadonlySet<number>;
  layers: Record<DrawingLayerKey, boolean>;
}

const edgesByModel = new WeakMap<LoadedModel, THREE.LineSegments[]>();

/** Pushes the React-side display settings into the three.js scene. */
export function applyDisplay(model: LoadedModel, settings: DisplaySettings): void {
  model.material.wireframe = settings.wireframe;
  let edges = edgesByModel.get(model);
  if (settings.edges && !edges && model.parts.length) {
    const material = new THREE.LineBasicMaterial({ color: 0x1f2937, clippingPlanes: model.material.clippingPlanes });
    model.engine.clipped.push(material);
    edges = buildEdges(model.engine.scene, material);
    edgesByModel.set(model, edges);
  }
  for (const line of edges ?? []) line.visible = settings.edges;
  model.parts.forEach((part, i) => (part.object.visible = !settings.hiddenParts.has(i)));
  if (model.drawingGroups)
    for (const key of Object.keys(settings.layers) as DrawingLayerKey[])
      model.drawingGroups[key].visible = settings.layers[key];
  model.engine.requestRender();
}
