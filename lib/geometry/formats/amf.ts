import { DomainError } from "@/lib/errors";
import { isZip } from "../detect-format";
import { MeshBuilder } from "../mesh-builder";
import type { ParsedMesh } from "../types";
import { listKnownUnits, lookupUnitScale } from "../units";
import { readZipEntries } from "../unzip";
import { parseXml } from "../xml";

const COORDINATE_TAGS = ["x", "y", "z"];
const CORNER_TAGS = ["v1", "v2", "v3"];

/**
 * AMF, plain or zipped: `unit` attribute, one component per object (all its
 * volumes together). Constellations (instancing) are not applied.
 */
export function parseAmf(bytes: Uint8Array, defaultName: string, options: { maxUnzippedBytes?: number }): ParsedMesh {
  let xml = bytes;
  if (isZip(bytes)) {
    const entries = readZipEntries(bytes, "Zipped AMF", (name) => !name.endsWith("/"), options.maxUnzippedBytes);
    const amfEntry = [...entries.keys()].find((name) => name.toLowerCase().endsWith(".amf")) ?? [...entries.keys()][0];
    if (!amfEntry) throw new DomainError("unreadable_file", "Zipped AMF archive is empty.");
    xml = entries.get(amfEntry)!;
  }

  const builder = new MeshBuilder(defaultName);
  let unit = "millimeter";
  let objectBase = 0;
  let objectId = "";
  const openElements: string[] = [];
  let textTarget = "";
  let text = "";
  const coordinate = [0, 0, 0];
  const corner = [0, 0, 0];

  parseXml(xml, "AMF document", {
    onOpen(name, attributes) {
      if (name === "amf") unit = attributes.unit ?? "millimeter";
      if (name === "object") {
        objectBase = builder.vertexCount;
        objectId = attributes.id ?? "";
        builder.beginComponent(`Object ${objectId}`);
      }
      const isObjectName =
        name === "metadata" && attributes.type === "name" && openElements[openElements.length - 1] === "object";
      openElements.push(name);
      if (COORDINATE_TAGS.includes(name) || CORNER_TAGS.includes(name) || isObjectName) {
        textTarget = name;
        text = "";
      }
    },
    onText(chunk) {
      if (textTarget) text += chunk;
    },
    onClose(name) {
      openElements.pop();
      if (name !== textTarget) {
        if (name === "vertex") builder.addVertex(coordinate[0], coordinate[1], coordinate[2]);
        else if (name === "triangle")
          builder.addTriangle(objectBase + corner[0], objectBase + corner[1], objectBase + corner[2]);
        return;
      }
      textTarget = "";
      if (name === "metadata") {
        builder.renameComponent(text.trim());
      } else if (COORDINATE_TAGS.includes(name)) {
        coordinate[COORDINATE_TAGS.indexOf(name)] = text.trim() === "" ? Number.NaN : Number(text);
      } else {
        const index = Number(text);
        const objectVertexCount = builder.vertexCount - objectBase;
        if (!Number.isInteger(index) || index < 0 || index >= objectVertexCount) {
          throw new DomainError(
            "unreadable_file",
            `AMF object ${objectId}: a triangle refers to vertex ${text.trim()}, but the object has ${objectVertexCount} vertices.`,
          );
        }
        corner[CORNER_TAGS.indexOf(name)] = index;
      }
    },
  });

  const millimetresPerUnit = lookupUnitScale(unit);
  if (millimetresPerUnit === null)
    throw new DomainError("unreadable_file", `AMF unit "${unit}" is not one of ${listKnownUnits()}.`);
  return builder.finish("amf", unit, millimetresPerUnit);
}
