#!/usr/bin/env node
// The "ideal server" bench/s3.mjs times S3 clients against: just enough S3 for `aws s3 cp` and `rclone copy` up and
// down, with no checks at all. Uploads are read and thrown away (no hashing, no disk); every object is the one file
// named on the command line, served from disk like the real endpoint serves a blob. What a client reaches here is
// the most any server could give it on this machine. Loopback, a free port; prints {"port"} and runs until killed.
// Usage: node bench/s3-ideal-server.mjs <file> [host=127.0.0.1] [port=0]
// (a fixed port only by hand: the aws CLI 2.9's CRT transfer client ignores the endpoint's port and dials 80)
import fs from "node:fs";
import http from "node:http";

const file = process.argv[2];
const size = fs.statSync(file).size;
// A fixed ETag: nothing is hashed. A client that compares it with its own MD5 would fail, which the aws CLI and
// rclone do not do for multipart uploads (the ETag of a multipart object is not an MD5 of the bytes).
const ETAG = '"00000000000000000000000000000000-1"';
const LAST_MODIFIED = new Date().toUTCString();

const xml = (res, body) => {
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
  res.writeHead(200, { "Content-Type": "application/xml", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
};

const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  const [, bucket, ...rest] = url.pathname.split("/");
  const key = decodeURIComponent(rest.join("/"));
  if (req.headers.expect === "100-continue") res.writeContinue();
  if (req.method === "POST" && url.searchParams.has("uploads"))
    return xml(
      res,
      `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>u1</UploadId></InitiateMultipartUploadResult>`,
    );
  if (req.method === "POST" && url.searchParams.has("uploadId"))
    return req
      .resume()
      .on("end", () =>
        xml(
          res,
          `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${ETAG}</ETag></CompleteMultipartUploadResult>`,
        ),
      );
  if (req.method === "PUT")
    return req.resume().on("end", () => {
      res.writeHead(200, { ETag: ETAG, "Content-Length": 0 });
      res.end();
    });
  if (req.method === "GET" && !key)
    // ListObjectsV2 (rclone looks before it copies): an empty bucket.
    return xml(
      res,
      `<ListBucketResult><Name>${bucket}</Name><KeyCount>0</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated></ListBucketResult>`,
    );
  if (req.method === "HEAD" || req.method === "GET") {
    const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
    const start = m ? Number(m[1]) : 0;
    const end = m && m[2] !== "" ? Math.min(Number(m[2]), size - 1) : size - 1;
    const headers = {
      ETag: ETAG,
      "Last-Modified": LAST_MODIFIED,
      "Accept-Ranges": "bytes",
      "Content-Type": "application/octet-stream",
      "Content-Length": end - start + 1,
    };
    if (m) headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
    res.writeHead(m ? 206 : 200, headers);
    if (req.method === "HEAD") return res.end();
    return fs.createReadStream(file, { start, end, highWaterMark: 1 << 20 }).pipe(res);
  }
  res.writeHead(501, { "Content-Length": 0 });
  res.end();
});
server.requestTimeout = 0;
server.listen(Number(process.argv[4] ?? 0), process.argv[3] ?? "127.0.0.1", () =>
  console.log(JSON.stringify({ port: server.address().port })),
);
process.on("SIGTERM", () => process.exit(0));
