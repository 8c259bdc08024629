"use server";

import { createBucket, deleteBucket } from "@/lib/infra/storage/manage-buckets";
import { asManager, field, type InfraActionState } from "../infra-manager";

export async function createBucketAction(_prev: InfraActionState, data: FormData): Promise<InfraActionState> {
  return asManager("/infra/storage", ({ db, workspaceId }) => ({ message: createBucket(db, workspaceId, { name: field(data, "name").trim(), region: field(data, "region") || "sgp1" }).name }));
}

export async function deleteBucketAction(_prev: InfraActionState, data: FormData): Promise<InfraActionState> {
  return asManager("/infra/storage", ({ db, workspaceId }) => (deleteBucket(db, workspaceId, field(data, "name")), {}));
}
