import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createBucketContract, listBucketsContract } from "@/lib/contracts/infra-storage";
import { createBucket, listBuckets, serializeBucket } from "@/lib/infra/storage/manage-buckets";

export const GET = route(listBucketsContract, async ({ db, workspace, query }) => {
  const { items, nextCursor } = await listBuckets(db, workspace.id, query);
  return new Page(await Promise.all(items.map(async (row) => await serializeBucket(db, row))), nextCursor);
});

export const POST = route(
  createBucketContract,
  async (ctx) => await serializeBucket(ctx.db, await createBucket(ctx.db, ctx.workspace.id, ctx.body)),
);
