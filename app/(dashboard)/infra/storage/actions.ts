"use server";

import { createBucket, deleteBucket } from "@/lib/infra/storage/manage-buckets";
import * as api from "@/lib/contracts/infra-storage";
import { field, infraAction } from "../infra-manager";

export const createBucketAction = infraAction(
  { mirrors: api.createBucket, revalidate: "/infra/storage" },
  ({ db, workspace, data }) => ({
    message: createBucket(db, workspace.id, {
      name: field(data, "name").trim(),
      region: field(data, "region") || "sgp1",
    }).name,
  }),
);

export const deleteBucketAction = infraAction(
  { mirrors: api.deleteBucket, revalidate: "/infra/storage" },
  ({ db, workspace, data }) => {
    deleteBucket(db, workspace.id, field(data, "name"));
    return {};
  },
);
