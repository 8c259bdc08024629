const utf8Decoder = new TextDecoder("utf-8");

/**
 * Splits a text file into lines with `#` comments removed and whitespace
 * trimmed. UTF-8 so that object and solid names survive; invalid bytes become
 * U+FFFD, which only ever matters inside names.
 */
export function readTextLines(bytes: Uint8Array): string[] {
  const lines = utf8Decoder.decode(bytes).split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const commentStart = lines[i].indexOf("#");
    lines[i] = (commentStart >= 0 ? lines[i].slice(0, commentStart) : lines[i]).trim();
  }
  return lines;
}

export function splitTokens(line: string): string[] {
  return line.split(/\s+/);
}

/** Parses a decimal number token strictly (Number("") would be 0, parseFloat("1x") would be 1). */
export function parseNumberToken(token: string | undefined): number {
  if (token === undefined || token === "") return Number.NaN;
  return Number(token);
}

/**
 * "1,234,567": thousands separators without Intl (its first use costs ~20 ms
 * of ICU start-up, a tenth of the CLI's time budget).
 */
export function formatCount(count: number): string {
  const [whole, fraction] = String(count).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export function formatBytes(count: number): string {
  return `${formatCount(count)} bytes`;
}

/** The file name without directory and extension, used to name single-object files. */
export function baseNameOf(filename: string): string {
  const name = filename.split(/[\\/]/).pop() ?? filename;
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name) || "mesh";
}
