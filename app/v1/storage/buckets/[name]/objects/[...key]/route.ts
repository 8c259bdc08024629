import { Readable } from "node:stream";
import { route } from "@/lib/api/route";
import { deleteObjectContract, getObjectContract, putObjectContract } from "@/lib/contracts/infra-storage";
import { deleteObject, putObject, readObject } from "@/lib/infra/storage/manage-objects";

export const PUT = route(putObjectContract, ({ db, workspace, params, body }) =>
  putObject(db, workspace.id, params.name, params.key, Buffer.from(body.content_base64, "base64")),
);

export const GET = route(getObjectContract, async ({ db, workspace, params }) => {
  const { info, stream } = await readObject(db, workspace.id, params.name, params.key);
  return new Response(Readable.toWeb(stream()) as ReadableStream, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(info.size_bytes),
      "Last-Modified": new Date(info.modified_at).toUTCString(),
    },
  });
});

export const DELETE = route(deleteObjectContract, async ({ db, workspace, params }) => {
  await deleteObject(db, workspace.id, params.name, params.key);
  return { id: params.key, deleted: true as const };
});
