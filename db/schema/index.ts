export * from "./users";
export * from "./workspaces";
export * from "./memberships";
export * from "./api-keys";
export * from "./usage-counters";
export * from "./files";
export * from "./file-versions";
