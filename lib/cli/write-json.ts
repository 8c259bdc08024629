/**
 * JSON.stringify's output, written in chunks of bytes instead of built as one string.
 *
 * Hand-written for speed: a drawing's analysis holds close to a million contour
 * coordinates, and JSON.stringify (number → shortest decimal, one giant string, then
 * a UTF-8 copy of it) took longer than measuring the drawing. Coordinates are
 * rounded to 1 µm, so most numbers are exact thousandths, printed here from an
 * integer. The text is the same as JSON.stringify(value) (write-json.test.ts).
 */
const CHUNK = 1 << 20;
/** Thousandths below 2^31: exact in int32 arithmetic, and far from where doubles are coarser than 0.001. */
const MAX_MILLI = 2 ** 31 - 1;

/** Numbers written between two checks for room, and the most bytes an exact thousandth takes (with its comma). */
const NUMBER_BLOCK = 4096;
const MAX_NUMBER_BYTES = 16;

/** Digits of 0–999: three ASCII codes each, then how many of them a fraction keeps (trailing zeros dropped). */
const DIGITS = new Uint8Array(3000);
const FRACTION_PLACES = new Uint8Array(1000);
for (let n = 0; n < 1000; n++) {
  DIGITS[3 * n] = 48 + Math.floor(n / 100);
  DIGITS[3 * n + 1] = 48 + (Math.floor(n / 10) % 10);
  DIGITS[3 * n + 2] = 48 + (n % 10);
  FRACTION_PLACES[n] = n % 10 ? 3 : n % 100 ? 2 : 1;
}

export function writeJson(value: unknown, emit: (bytes: Uint8Array) => void): void {
  const w = new JsonWriter(emit);
  w.value(resolve(value, ""));
  w.flush();
}

/** Writes JSON text piece by piece into chunks handed to `emit`; call flush() at the end. */
export class JsonWriter {
  #buf = new Uint8Array(CHUNK);
  #at = 0;
  /** The last number printed the slow way: a sheet repeats the same few lengths. */
  #lastNumber = NaN;
  #lastText = "";
  readonly #emit: (bytes: Uint8Array) => void;

  constructor(emit: (bytes: Uint8Array) => void) {
    this.#emit = emit;
  }

  flush(): void {
    if (this.#at > 0) this.#emit(this.#buf.subarray(0, this.#at));
    // A fresh buffer each time: where stdout is asynchronous, the emitted bytes are still queued.
    this.#buf = new Uint8Array(CHUNK);
    this.#at = 0;
  }

  #room(n: number): void {
    if (this.#at + n > this.#buf.length) this.flush();
  }

  /** JSON text as it is (punctuation, keys already quoted): ASCII only. */
  raw(s: string): void {
    if (s.length > CHUNK / 2) {
      this.flush();
      this.#emit(new TextEncoder().encode(s));
      return;
    }
    this.#room(s.length);
    const b = this.#buf;
    let at = this.#at;
    for (let i = 0; i < s.length; i++) b[at++] = s.charCodeAt(i);
    this.#at = at;
  }

  /** Mirrors JSON.stringify's SerializeJSONProperty, for a value whose toJSON (if any) has been applied. */
  value(v: unknown): void {
    switch (typeof v) {
      case "number":
        this.number(v);
        return;
      case "string":
        this.string(v);
        return;
      case "boolean":
        this.raw(v ? "true" : "false");
        return;
      case "bigint":
        JSON.stringify(v); // throws JSON.stringify's TypeError
        return;
      default:
        if (v === null) this.raw("null");
        else if (Array.isArray(v)) this.#array(v);
        else if (isPlainObject(v as object)) this.#object(v as Record<string, unknown>);
        // Anything exotic (boxed primitives, typed arrays, Map…): JSON.stringify decides.
        else this.#unicode(JSON.stringify(v));
    }
  }

  #array(a: unknown[]): void {
    if (typeof a[0] === "number") {
      this.numbers(a);
      return;
    }
    this.raw("[");
    for (let i = 0; i < a.length; i++) {
      if (i > 0) this.raw(",");
      this.#item(a, i);
    }
    this.raw("]");
  }

  /**
   * An array of numbers, the hot loop (contour coordinates). Kept apart so that its element
   * loads only ever see arrays of numbers: the doubles stay unboxed, their digits go straight
   * in, with room made once per block rather than once per number.
   */
  numbers(a: unknown[]): void {
    this.#room(1);
    this.#buf[this.#at++] = 91;
    for (let from = 0; from < a.length; from += NUMBER_BLOCK) {
      this.#room(NUMBER_BLOCK * MAX_NUMBER_BYTES);
      const to = Math.min(a.length, from + NUMBER_BLOCK);
      let b = this.#buf;
      let at = this.#at;
      for (let i = from; i < to; i++) {
        const item = a[i];
        if (i > 0) b[at++] = 44;
        const milli = typeof item === "number" ? Math.round(item * 1000) : NaN;
        if (milli / 1000 === item && milli <= MAX_MILLI && milli >= -MAX_MILLI) {
          at = putMilli(b, at, milli);
          continue;
        }
        // Anything else may be long and flush the chunk: then room is made again for the rest of the block.
        this.#at = at;
        if (typeof item === "number") this.#text(item);
        else this.#item(a, i);
        this.#room(MAX_NUMBER_BYTES * (to - i));
        b = this.#buf;
        at = this.#at;
      }
      this.#at = at;
    }
    this.#room(1);
    this.#buf[this.#at++] = 93;
  }

  #item(a: unknown[], i: number): void {
    const v = resolve(a[i], String(i));
    if (omitted(v)) this.raw("null");
    else this.value(v);
  }

  #object(o: Record<string, unknown>): void {
    this.raw("{");
    let first = true;
    for (const k of Object.keys(o)) {
      const v = resolve(o[k], k);
      if (omitted(v)) continue;
      if (!first) this.raw(",");
      first = false;
      this.string(k);
      this.raw(":");
      this.value(v);
    }
    this.raw("}");
  }

  number(v: number): void {
    const milli = Math.round(v * 1000);
    if (milli / 1000 === v && milli <= MAX_MILLI && milli >= -MAX_MILLI) {
      this.#room(13);
      this.#at = putMilli(this.#buf, this.#at, milli);
    } else this.#text(v);
  }

  #text(v: number): void {
    if (v !== this.#lastNumber) {
      this.#lastNumber = v;
      this.#lastText = Number.isFinite(v) ? String(v) : "null";
    }
    this.raw(this.#lastText);
  }

  string(s: string): void {
    if (s.length > CHUNK / 2) {
      this.#unicode(JSON.stringify(s));
      return;
    }
    this.#room(s.length + 2);
    const b = this.#buf;
    let at = this.#at;
    b[at++] = 34;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c < 32 || c > 126 || c === 34 || c === 92) {
        this.#unicode(JSON.stringify(s));
        return;
      }
      b[at++] = c;
    }
    b[at++] = 34;
    this.#at = at;
  }

  /** JSON text as it is, which may hold non-ASCII characters. */
  text(s: string): void {
    for (let i = 0; i < s.length; i++) {
      if (s.charCodeAt(i) > 127) {
        this.#unicode(s);
        return;
      }
    }
    this.raw(s);
  }

  /** Text that may hold escapes or non-ASCII characters, as UTF-8. */
  #unicode(s: string): void {
    this.#room(3 * s.length);
    if (3 * s.length > this.#buf.length) {
      this.#emit(new TextEncoder().encode(s));
      return;
    }
    this.#at += new TextEncoder().encodeInto(s, this.#buf.subarray(this.#at)).written;
  }
}

/** Writes k/1000 as the shortest decimal (which is what JSON.stringify prints for it); |k| < 2^31. Returns the new end. */
function putMilli(b: Uint8Array, at: number, k: number): number {
  if (k < 0) {
    b[at++] = 45;
    k = -k;
  }
  const whole = (k / 1000) | 0;
  const frac = k - whole * 1000;
  at = putWhole(b, at, whole);
  if (frac === 0) return at;
  b[at++] = 46;
  const places = FRACTION_PLACES[frac];
  for (let i = 0; i < places; i++) b[at++] = DIGITS[3 * frac + i];
  return at;
}

/** A non-negative int32 in decimal, three digits at a time. */
function putWhole(b: Uint8Array, at: number, n: number): number {
  if (n >= 1000) {
    const high = (n / 1000) | 0;
    at = putWhole(b, at, high);
    const low = 3 * (n - high * 1000);
    b[at] = DIGITS[low];
    b[at + 1] = DIGITS[low + 1];
    b[at + 2] = DIGITS[low + 2];
    return at + 3;
  }
  const d = 3 * n;
  if (n >= 100) b[at++] = DIGITS[d];
  if (n >= 10) b[at++] = DIGITS[d + 1];
  b[at++] = DIGITS[d + 2];
  return at;
}

function resolve(v: unknown, key: string): unknown {
  return v !== null && typeof v === "object" && typeof (v as { toJSON?: unknown }).toJSON === "function"
    ? (v as { toJSON: (key: string) => unknown }).toJSON(key)
    : v;
}

/** Left out of objects (and null in arrays), as JSON.stringify does. */
function omitted(v: unknown): boolean {
  return v === undefined || typeof v === "function" || typeof v === "symbol";
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
