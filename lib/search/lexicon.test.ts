import { describe, expect, it } from "vitest";
import { DEFAULT_CATALOG } from "@/lib/pricing";
import { CONCEPTS, conceptsOfPhrase, conceptsOfWord, withAncestors } from "./lexicon";
import { conceptsInText, indexTokens, queryGroups } from "./analyze-text";
import { correctTypo, editDistance } from "./correct-typo";

describe("lexicon", () => {
  it("has at least 300 concepts with unique ids, resolvable broader concepts and catalogue ids", () => {
    expect(CONCEPTS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(CONCEPTS.map((c) => c.id)).size).toBe(CONCEPTS.length);
    expect(CONCEPTS.flatMap((c) => c.broader).filter((b) => b.startsWith("unknown:"))).toEqual([]);
    const catalogue = new Set(
      [...DEFAULT_CATALOG.print_3d.materials, ...DEFAULT_CATALOG.laser.materials].map((m) => m.id),
    );
    expect(CONCEPTS.filter((c) => c.material && !catalogue.has(c.material))).toEqual([]);
    expect(CONCEPTS.every((c) => c.idTerms.length > 0 && c.enTerms.length > 0)).toBe(true);
  });

  it("maps both languages to one concept", () => {
    expect(conceptsOfWord("baut")).toEqual(conceptsOfWord("bolt"));
    expect(conceptsOfWord("mur")).toEqual(["nut"]);
    expect(conceptsOfWord("braket")).toEqual(["bracket"]);
    expect(conceptsOfPhrase("roda gigi")).toEqual(["gear"]);
    expect(conceptsOfPhrase("tahan karat")).toEqual(conceptsOfPhrase("stainless steel"));
    expect(conceptsOfWord("akrilik")).toEqual(conceptsOfWord("acrylic"));
    expect(conceptsOfWord("engsel")).toEqual(["hinge"]);
  });

  it("finds concepts through inflections and knows broader ones", () => {
    expect(conceptsOfWord("brackets")).toEqual(["bracket"]);
    expect(conceptsOfWord("berlubang")).toEqual(["hole"]);
    expect(withAncestors("ss304")).toEqual(new Set(["ss304", "stainless_steel", "steel", "metal", "material"]));
  });

  it("matches phrases longest first", () => {
    expect(conceptsInText("Roda gigi baja tahan karat")).toEqual(["gear", "stainless_steel"]);
    expect(indexTokens("braket SS304")).toEqual(expect.arrayContaining(["braket", "zcbracket", "zcss304", "zcsteel"]));
  });

  it("corrects typos within one or two edits, never for short words", () => {
    expect(editDistance("brakcet", "bracket", 2)).toBe(1);
    expect(correctTypo("brakcet")).toContain("bracket");
    expect(correctTypo("engsl")).toContain("engsel");
    expect(correctTypo("abc")).toEqual([]);
    const [group] = queryGroups("flenge");
    expect(group.concepts).toEqual(["flange"]);
    expect(group.correctedTo).toContain("flange");
  });

  it("drops stopwords in both languages", () => {
    expect(queryGroups("cari pelat untuk the bracket").map((g) => g.text)).toEqual(["pelat", "bracket"]);
  });
});
