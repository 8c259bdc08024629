import { describe, expect, it } from "vitest";
import { analyzeMesh, detectMeshFormat } from "./index";
import { expectAppError, readCorpusFile, toBytes } from "./testing/expectations";
import { createBox } from "./testing/shapes";
import { writeBinaryStl } from "./testing/writers";

describe("detectMeshFormat", () => {
  it.each([
    ["mesh/cube.off", "off"],
    ["mesh/cube.ply", "ply"],
    ["mesh/cube_rgb_binary.ply", "ply"],
    ["mesh/stl_binary.stl", "stl"],
    ["mesh/stl_ascii.stl", "stl"],
    ["mesh/single_triangle_with_comments.stl", "stl"],
    ["mesh/single_triangle_with_comments.off", "off"],
    ["mesh/icosahedron.obj", "obj"],
    ["mesh/rhombicuboctahedron.3mf", "3mf"],
    ["mesh/rook.amf", "amf"],
    ["step/cube.stp", "step"],
    ["step/as1_pe_203.igs", "iges"],
    ["step/as1_pe_203.brep", "brep"],
  ])("detects %s as %s by content, whatever the name", (file, format) => {
    const bytes = readCorpusFile(file);
    expect(detectMeshFormat(bytes, file.split("/")[1])).toBe(format);
    if (format !== "amf" && format !== "obj") expect(detectMeshFormat(bytes, "upload.bin")).toBe(format);
  });

  it("does not claim the corpus drawings (DXF, DWG)", () => {
    for (const file of ["dxf/arc1.dxf", "dxf/blocks.dxf", "dwg/2018_circle.dwg", "dwg/r14_v.dwg"]) {
      expect(detectMeshFormat(readCorpusFile(file), file.split("/")[1])).toBeNull();
    }
  });

  it("prefers conclusive content over a wrong extension", () => {
    expect(detectMeshFormat(writeBinaryStl(createBox([1, 1, 1])), "part.obj")).toBe("stl");
  });

  it("falls back to the extension when the content is not conclusive, and returns null otherwise", () => {
    expect(detectMeshFormat(toBytes("garbage"), "part.stl")).toBe("stl");
    expect(detectMeshFormat(toBytes("garbage"), "notes.txt")).toBeNull();
    expect(detectMeshFormat(new Uint8Array(0), "empty")).toBeNull();
  });
});

describe("analyzeMesh errors", () => {
  it("rejects unknown content as unsupported_format", async () => {
    await expectAppError(analyzeMesh(toBytes("hello world"), "notes.txt"), "unsupported_format", /Upload STL, OBJ/);
  });

  it("rejects an empty file", async () => {
    await expectAppError(analyzeMesh(new Uint8Array(0), "part.stl"), "unreadable_file", /empty \(0 bytes\)/);
  });

  it("explains a damaged file with a known extension in terms of that format", async () => {
    await expectAppError(
      analyzeMesh(toBytes("this is not a mesh"), "part.stl"),
      "unreadable_file",
      /Binary STL is truncated/,
    );
    await expectAppError(analyzeMesh(toBytes("nonsense"), "part.off"), "unreadable_file", /OFF files start with/);
  });
});
