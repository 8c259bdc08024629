import { SaxesParser } from "saxes";
import { DomainError } from "@/lib/errors";

export interface XmlHandlers {
  /** Element name without namespace prefix; attribute names as written (prefix kept). */
  onOpen(name: string, attributes: Record<string, string>): void;
  onClose(name: string): void;
  onText?(text: string): void;
}

const DECODE_SLICE_BYTES = 1024 * 1024;

function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon >= 0 ? name.slice(colon + 1) : name;
}

/**
 * Streams XML through saxes. Documents with a DOCTYPE are refused outright:
 * saxes never expands entities, and refusing DTDs shuts out entity-expansion
 * and external-entity tricks before any parsing work is done.
 */
export function parseXml(bytes: Uint8Array, documentLabel: string, handlers: XmlHandlers): void {
  const parser = new SaxesParser({ xmlns: false, position: true });
  parser.on("doctype", () => {
    throw new DomainError(
      "unreadable_file",
      `${documentLabel} contains a DOCTYPE/entity declaration, which is not allowed in mesh files.`,
    );
  });
  parser.on("error", (error) => {
    throw new DomainError("unreadable_file", `${documentLabel} is not well-formed XML: ${error.message}`);
  });
  parser.on("opentag", (tag) => handlers.onOpen(localName(tag.name), tag.attributes as Record<string, string>));
  parser.on("closetag", (tag) => handlers.onClose(localName(tag.name)));
  if (handlers.onText) {
    const onText = handlers.onText;
    parser.on("text", (text) => onText(text));
  }
  // Decoded in slices: a large model never becomes one giant string.
  const decoder = new TextDecoder("utf-8");
  for (let offset = 0; offset < bytes.length; offset += DECODE_SLICE_BYTES) {
    parser.write(decoder.decode(bytes.subarray(offset, offset + DECODE_SLICE_BYTES), { stream: true }));
  }
  parser.write(decoder.decode()).close();
}
