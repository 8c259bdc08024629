import * as THREE from "three";

/**
 * How each part of an assembly moves when it is pulled apart: along the line from the model's centre to its own
 * centre, by that distance (times the slider's factor: 0 = assembled, 1 = twice as far out). Taken once, from
 * the assembled model.
 */
export function measureExplodeDirections(partBoxes: THREE.Box3[], modelBox: THREE.Box3): THREE.Vector3[] {
  const center = modelBox.getCenter(new THREE.Vector3());
  return partBoxes.map((box) => box.getCenter(new THREE.Vector3()).sub(center));
}
