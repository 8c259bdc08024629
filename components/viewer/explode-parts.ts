import * as THREE from "three";
import type { LoadedModel } from "./use-viewer-model";

interface Move {
  object: THREE.Object3D;
  home: THREE.Vector3;
  away: THREE.Vector3;
}

const movesByModel = new WeakMap<LoadedModel, Move[]>();

/**
 * Pulls an assembly apart: each part moves along the line from the model's centre
 * to its own centre, by `factor` times that distance (0 = assembled, 1 = twice as
 * far out). Directions are taken once, from the assembled model.
 */
export function explodeParts(model: LoadedModel, factor: number): void {
  let moves = movesByModel.get(model);
  if (!moves) {
    const center = model.engine.box.getCenter(new THREE.Vector3());
    moves = model.parts.map(({ object }) => ({
      object,
      home: object.position.clone(),
      away: new THREE.Box3().setFromObject(object).getCenter(new THREE.Vector3()).sub(center),
    }));
    movesByModel.set(model, moves);
  }
  for (const move of moves) move.object.position.copy(move.home).addScaledVector(move.away, factor);
  model.engine.requestRender();
}
