import { Readable } from "node:stream";
import { route } from "@/lib/api/route";
import { deleteObject, getObject, putObject } from "@/lib/contracts/infra-storage";
import { deleteObject as remove, putObject as put, readObject } from "@/lib/infra/storage/manage-objects";

export const PUT = route(putObject, ({ db, workspace, params, body }) =>
  put(db, workspace.id, params.name, params.key, Buffer.from(body.content_base64, "base64")),
);

export const GET = route(getObject, ({ db, workspace, params }) => {
  const { info, stream } = readObject(db, workspace.id, params.name, params.key);
  return new Response(Readable.toWeb(stream()) as ReadableStream, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(info.size_bytes),
      "Last-Modified": new Date(info.modified_at).toUTCString(),
    },
  });
});

export const DELETE = route(deleteObject, ({ db, workspace, params }) => {
  remove(db, workspace.id, params.name, params.key);
  return { id: params.key, deleted: true as const };
});
