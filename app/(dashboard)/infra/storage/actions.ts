"use server";

import { createBucket, deleteBucket } from "@/lib/infra/storage/manage-buckets";
import * as api from "@/lib/contracts/infra-storage";
import * as keysApi from "@/lib/contracts/infra-storage-credentials";
import { createStorageCredential, revokeStorageCredential } from "@/lib/infra/storage/storage-credentials";
import { field, infraAction } from "../infra-manager";

export const createBucketAction = infraAction(
  { mirrors: api.createBucketContract, revalidate: "/infra/storage" },
  async ({ db, workspace, data }) => ({
    message: (
      await createBucket(db, workspace.id, {
        name: field(data, "name").trim(),
        region: field(data, "region") || "sgp1",
      })
    ).name,
  }),
);

export const deleteBucketAction = infraAction(
  { mirrors: api.deleteBucketContract, revalidate: "/infra/storage" },
  async ({ db, workspace, data }) => {
    await deleteBucket(db, workspace.id, field(data, "name"));
    return {};
  },
);

/** The access key id is the note; the secret is shown once in the secret box. */
export const createStorageKeyAction = infraAction(
  { mirrors: keysApi.createStorageCredentialContract, revalidate: "/infra/storage" },
  async ({ db, workspace, data }) => {
    const buckets = field(data, "buckets")
      .split(",")
      .map((b) => b.trim())
      .filter(Boolean);
    const { row, secret } = await createStorageCredential(db, workspace.id, {
      name: field(data, "name").trim() || "key",
      buckets: buckets.length ? buckets : null,
      read_only: field(data, "access") === "read",
    });
    return { message: row.accessKeyId, secret };
  },
);

export const revokeStorageKeyAction = infraAction(
  { mirrors: keysApi.revokeStorageCredentialContract, revalidate: "/infra/storage" },
  async ({ db, workspace, data }) => {
    await revokeStorageCredential(db, workspace.id, field(data, "id"));
    return {};
  },
);
