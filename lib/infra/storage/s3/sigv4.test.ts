import { describe, expect, it } from "vitest";
import { canonicalQuery, canonicalRequest, sign, signingKey, stringToSign, uriEncode, EMPTY_SHA256 } from "./sigv4";

// The worked examples of AWS's "Signature Calculations for the Authorization Header: Transferring Payload in a
// Single Chunk" and "Authenticating Requests: Using Query Parameters" (Amazon S3 API reference), whose published
// signatures are the expectations here.
const SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const scope = { date: "20130524", region: "us-east-1", service: "s3" };

describe("SigV4 against AWS's published examples", () => {
  it("GET Object with a Range header", () => {
    const headers = {
      host: "examplebucket.s3.amazonaws.com",
      range: "bytes=0-9",
      "x-amz-content-sha256": EMPTY_SHA256,
      "x-amz-date": "20130524T000000Z",
    };
    const canonical = canonicalRequest({
      method: "GET",
      rawPath: "/test.txt",
      rawQuery: "",
      headers,
      signedHeaders: ["host", "range", "x-amz-content-sha256", "x-amz-date"],
      payloadHash: EMPTY_SHA256,
    });
    const signature = sign(signingKey(SECRET, scope), stringToSign("20130524T000000Z", scope, canonical));
    expect(signature).toBe("f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41");
  });

  it("PUT Object with a body and a storage class", () => {
    const payload = "Welcome to Amazon S3.";
    const payloadHash = "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072";
    const canonical = canonicalRequest({
      method: "PUT",
      rawPath: "/test%24file.text",
      rawQuery: "",
      headers: {
        date: "Fri, 24 May 2013 00:00:00 GMT",
        host: "examplebucket.s3.amazonaws.com",
        "x-amz-content-sha256": payloadHash,
        "x-amz-date": "20130524T000000Z",
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
      },
      signedHeaders: ["date", "host", "x-amz-content-sha256", "x-amz-date", "x-amz-storage-class"],
      payloadHash,
    });
    expect(payload.length).toBe(21);
    const signature = sign(signingKey(SECRET, scope), stringToSign("20130524T000000Z", scope, canonical));
    expect(signature).toBe("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });

  it("a presigned GET (query-string auth)", () => {
    const rawQuery =
      "X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host";
    const canonical = canonicalRequest({
      method: "GET",
      rawPath: "/test.txt",
      rawQuery,
      headers: { host: "examplebucket.s3.amazonaws.com" },
      signedHeaders: ["host"],
      payloadHash: "UNSIGNED-PAYLOAD",
    });
    const signature = sign(signingKey(SECRET, scope), stringToSign("20130524T000000Z", scope, canonical));
    expect(signature).toBe("aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404");
  });

  it("encodes as RFC 3986 and sorts the query by encoded name", () => {
    expect(uriEncode("a b+c*~/", false)).toBe("a%20b%2Bc%2A~%2F");
    expect(canonicalQuery("prefix=a%2Fb&list-type=2&delimiter=%2F&acl")).toBe(
      "acl=&delimiter=%2F&list-type=2&prefix=a%2Fb",
    );
  });
});
