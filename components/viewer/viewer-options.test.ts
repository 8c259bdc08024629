import { describe, expect, it } from "vitest";
import { DEFAULT_VIEWER_OPTIONS, formatLength, parseViewerOptions } from "./viewer-options";
import { VIEWER_MESSAGES } from "./viewer-messages";

describe("parseViewerOptions", () => {
  it("reads the documented URL options", () => {
    expect(
      parseViewerOptions({ bg: "transparent", edges: "1", tools: "0", view: "top", units: "in", lang: "id" }),
    ).toEqual({
      bg: "transparent",
      edges: true,
      tools: false,
      view: "top",
      units: "in",
      lang: "id",
    });
  });

  it("falls back to the defaults for missing or unknown values, never throwing", () => {
    expect(parseViewerOptions({})).toEqual(DEFAULT_VIEWER_OPTIONS);
    expect(parseViewerOptions({ bg: "pink", edges: "maybe", view: ["top", "iso"], units: "cm", lang: "fr" })).toEqual(
      DEFAULT_VIEWER_OPTIONS,
    );
  });
});

describe("viewer words", () => {
  it("Indonesian has every English entry, and they differ where a word is translated", () => {
    const keys = (o: object) => Object.keys(o).sort();
    expect(keys(VIEWER_MESSAGES.id)).toEqual(keys(VIEWER_MESSAGES.en));
    expect(VIEWER_MESSAGES.id.measure).toBe("Ukur");
    expect(VIEWER_MESSAGES.id.downloadFailed(404)).toBe("Model tidak dapat diunduh (HTTP 404).");
  });

  it("formats lengths in the chosen unit and language", () => {
    expect(formatLength(25.4, "mm")).toBe("25.40 mm");
    expect(formatLength(25.4, "in")).toBe("1.000 in");
    expect(formatLength(1234.5, "mm")).toBe("1234.50 mm");
    expect(formatLength(1234.5, "mm", "id")).toBe("1234,50 mm");
  });
});
