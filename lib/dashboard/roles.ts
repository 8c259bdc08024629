import type { Role } from "@/lib/workspaces/memberships";

/** Approving or rejecting a file, and changing webhooks, is for owners and admins. */
export function canDecide(role: Role): boolean {
  return role === "owner" || role === "admin";
}

/** Viewers only read. */
export function canEdit(role: Role): boolean {
  return role !== "viewer";
}
