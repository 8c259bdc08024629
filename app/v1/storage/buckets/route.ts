import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createBucketContract, listBucketsContract } from "@/lib/contracts/infra-storage";
import { createBucket, listBuckets, serializeBucket } from "@/lib/infra/storage/manage-buckets";

export const GET = route(listBucketsContract, ({ db, workspace, query }) => {
  const { items, nextCursor } = listBuckets(db, workspace.id, query);
  return new Page(
    items.map((row) => serializeBucket(db, row)),
    nextCursor,
  );
});

export const POST = route(createBucketContract, (ctx) =>
  serializeBucket(ctx.db, createBucket(ctx.db, ctx.workspace.id, ctx.body)),
);
