import { createHash, type Hash } from "node:crypto";
import { Transform, type TransformCallback } from "node:stream";
import { RunningChecksum, type ChecksumAlgorithm } from "./checksum";
import { s3Error } from "./s3-error";
import { EMPTY_SHA256, scopeString, sha256Hex, sign, signaturesEqual, type Scope } from "./sigv4";

export interface ChunkSigning {
  signed: boolean;
  trailer: boolean;
  seed: string;
  key: Buffer;
  scope: Scope;
  amzDate: string;
}

const MAX_LINE = 4096;
const CRLF = Buffer.from("\r\n");

/**
 * Decodes an `aws-chunked` body (`<hex size>[;chunk-signature=<sig>]\r\n<bytes>\r\n`… then a 0-size chunk and
 * optional trailers), checking each chunk's signature, chained from the seed signature, when the mode is signed
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html). Bytes flow on as they arrive; a bad
 * signature fails the stream, so the object they were going to is never committed.
 */
export class ChunkedBodyDecoder extends Transform {
  private state: "size" | "data" | "crlf" | "trailer" | "done" = "size";
  private line = Buffer.alloc(0);
  private remaining = 0;
  private chunkSignature = "";
  private chunkHash: Hash | null = null;
  private previous: string;
  private trailerLines: string[] = [];
  private readonly checksum: RunningChecksum | null;

  /** `checksum`: the algorithm `x-amz-trailer` announces, checked against the trailer's value. */
  constructor(
    private readonly signing: ChunkSigning,
    checksum?: ChecksumAlgorithm,
  ) {
    super();
    this.previous = signing.seed;
    this.checksum = checksum ? new RunningChecksum(checksum) : null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    try {
      let at = 0;
      while (at < chunk.length) {
        if (this.state === "data") {
          const take = Math.min(this.remaining, chunk.length - at);
          const piece = chunk.subarray(at, at + take);
          this.chunkHash?.update(piece);
          this.checksum?.update(piece);
          this.push(piece);
          at += take;
          this.remaining -= take;
          if (this.remaining === 0) {
            this.verifyChunk(this.chunkHash?.digest("hex") ?? "");
            this.state = "crlf";
          }
          continue;
        }
        if (this.state === "done") break;
        const end = chunk.indexOf(0x0a, at);
        const part = chunk.subarray(at, end < 0 ? chunk.length : end + 1);
        this.line = Buffer.concat([this.line, part]);
        at += part.length;
        if (this.line.length > MAX_LINE) throw malformed("A chunk header line is too long.");
        if (end < 0) continue;
        const text = this.line.subarray(0, this.line.length - 2).toString("latin1");
        if (this.line.length < 2 || !this.line.subarray(-2).equals(CRLF)) throw malformed("Chunk lines end in CRLF.");
        this.line = Buffer.alloc(0);
        this.onLine(text);
      }
      done();
    } catch (error) {
      done(error as Error);
    }
  }

  override _flush(done: TransformCallback): void {
    done(this.state === "done" ? null : s3Error("IncompleteBody", "The chunked body ended before its last chunk."));
  }

  private onLine(text: string): void {
    if (this.state === "crlf") {
      if (text !== "") throw malformed("A chunk's bytes are longer than its size.");
      this.state = "size";
    } else if (this.state === "size") {
      const [size, ...extensions] = text.split(";");
      if (!/^[0-9a-fA-F]{1,16}$/.test(size)) throw malformed("A chunk size is not hexadecimal.");
      const signature = extensions.find((e) => e.startsWith("chunk-signature="));
      if (this.signing.signed && !signature) throw malformed("A chunk lacks its chunk-signature.");
      this.chunkSignature = signature?.slice("chunk-signature=".length) ?? "";
      this.remaining = parseInt(size, 16);
      if (this.remaining === 0) {
        this.verifyChunk(EMPTY_SHA256);
        this.state = "trailer";
      } else {
        this.chunkHash = this.signing.signed ? createHash("sha256") : null;
        this.state = "data";
      }
    } else if (this.state === "trailer") {
      if (text !== "") return void this.trailerLines.push(text);
      this.verifyTrailer();
      this.verifyChecksum();
      this.state = "done";
    }
  }

  private verifyChunk(dataHash: string): void {
    if (!this.signing.signed) return;
    const { amzDate, scope, key } = this.signing;
    const text = ["AWS4-HMAC-SHA256-PAYLOAD", amzDate, scopeString(scope), this.previous, EMPTY_SHA256, dataHash];
    const expected = sign(key, text.join("\n"));
    if (!signaturesEqual(expected, this.chunkSignature))
      throw s3Error("SignatureDoesNotMatch", "A chunk's signature does not match its bytes.");
    this.previous = expected;
  }

  private verifyTrailer(): void {
    if (!this.signing.signed || !this.signing.trailer) return;
    const signatureLine = this.trailerLines.find((l) => l.startsWith("x-amz-trailer-signature:"));
    const headers = this.trailerLines.filter((l) => l !== signatureLine).map((l) => `${l.trim()}\n`);
    const { amzDate, scope, key } = this.signing;
    const text = ["AWS4-HMAC-SHA256-TRAILER", amzDate, scopeString(scope), this.previous, sha256Hex(headers.join(""))];
    const expected = sign(key, text.join("\n"));
    if (!signatureLine || !signaturesEqual(expected, signatureLine.slice("x-amz-trailer-signature:".length).trim()))
      throw s3Error("SignatureDoesNotMatch", "The trailer's signature does not match.");
  }

  private verifyChecksum(): void {
    if (!this.checksum) return;
    const name = `x-amz-checksum-${this.checksum.algorithm}:`;
    const line = this.trailerLines.find((l) => l.toLowerCase().startsWith(name));
    if (!line) throw malformed(`The trailer lacks the announced ${name.slice(0, -1)}.`);
    this.checksum.verify(line.slice(name.length));
  }
}

const malformed = (message: string) => s3Error("IncompleteBody", message);
