import { SaxesParser } from "saxes";
import { s3Error } from "./s3-error";

const S3_NS = "http://s3.amazonaws.com/doc/2006-03-01/";

export const escapeXml = (text: string) =>
  text.replace(
    /[&<>"'\x00-\x08\x0b\x0c\x0e-\x1f]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? `&#${c.charCodeAt(0)};`,
  );

export type XmlValue = string | number | boolean | null | undefined | XmlTree | XmlTree[];
export interface XmlTree {
  [name: string]: XmlValue;
}

function render(name: string, value: XmlValue): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map((item) => render(name, item)).join("");
  if (typeof value === "object")
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => render(k, v))
      .join("")}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** A response document: `<Root xmlns="…S3…">…</Root>`, children in the order given, arrays repeated. */
export function xmlDocument(root: string, body: XmlTree, namespace = true): string {
  const inner = Object.entries(body)
    .map(([k, v]) => render(k, v))
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root}${namespace ? ` xmlns="${S3_NS}"` : ""}>${inner}</${root}>`;
}

/** A document whose root holds only text (GetBucketLocation's answer). */
export const xmlText = (root: string, text: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${S3_NS}">${escapeXml(text)}</${root}>`;

export interface XmlNode {
  name: string;
  text: string;
  children: XmlNode[];
}

/** Parses a request body (CompleteMultipartUpload, Delete, CreateBucketConfiguration); any error is MalformedXML. */
export function parseXml(text: string): XmlNode {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlNode = { name: "", text: "", children: [] };
  const stack: XmlNode[] = [root];
  parser.on("opentag", (tag) => {
    const node: XmlNode = { name: tag.name.replace(/^.*:/, ""), text: "", children: [] };
    stack[stack.length - 1].children.push(node);
    stack.push(node);
  });
  parser.on("text", (t) => (stack[stack.length - 1].text += t));
  parser.on("cdata", (t) => (stack[stack.length - 1].text += t));
  parser.on("closetag", () => void stack.pop());
  parser.on("doctype", () => {
    throw s3Error("MalformedXML", "Document type declarations are not accepted.");
  });
  try {
    parser.write(text).close();
  } catch (error) {
    throw error instanceof Error && error.name === "S3Error"
      ? error
      : s3Error(
          "MalformedXML",
          "The XML you provided was not well-formed or did not validate against our published schema.",
        );
  }
  if (root.children.length !== 1) throw s3Error("MalformedXML", "The XML document needs one root element.");
  return root.children[0];
}

export const childrenNamed = (node: XmlNode, name: string) => node.children.filter((c) => c.name === name);
export const childText = (node: XmlNode, name: string) => childrenNamed(node, name)[0]?.text.trim();
