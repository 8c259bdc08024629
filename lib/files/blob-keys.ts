/** Keys are built from these names, so a malformed one is a bug, never a path or key to follow. */
export function checkSha256(sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256: ${sha256}`);
  return sha256;
}

/** `<version-id>.glb|.json`. */
export function checkDisplayName(name: string): string {
  if (!/^[a-z0-9_]+\.(glb|json)$/.test(name)) throw new Error(`not a display file name: ${name}`);
  return name;
}
