import { route } from "@/lib/api/route";
import { Page } from "@/lib/api/envelope";
import { createBucket, listBuckets } from "@/lib/contracts/infra-storage";
import { createBucket as create, listBuckets as list, serializeBucket } from "@/lib/infra/storage/manage-buckets";

export const GET = route(listBuckets, ({ db, workspace, query }) => {
  const { items, nextCursor } = list(db, workspace.id, query);
  return new Page(
    items.map((row) => serializeBucket(db, row)),
    nextCursor,
  );
});

export const POST = route(createBucket, (ctx) => serializeBucket(ctx.db, create(ctx.db, ctx.workspace.id, ctx.body)));
