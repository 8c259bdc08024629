import { describe, expect, it } from "vitest";
import { stemEnglish } from "./stem-english";
import { stemIndonesian } from "./stem-indonesian";
import { isRootWord } from "./lexicon";

describe("stemEnglish (Porter)", () => {
  it.each([
    ["holes", "hole"],
    ["brackets", "bracket"],
    ["mounting", "mount"],
    ["threaded", "thread"],
    ["cutting", "cut"],
    ["gears", "gear"],
    ["caresses", "caress"],
    ["relational", "relat"],
    ["hopping", "hop"],
  ])("%s → %s", (word, stem) => expect(stemEnglish(word)).toBe(stem));

  it("leaves short words and codes alone", () => {
    expect(stemEnglish("ss304")).toBe("ss304");
    expect(stemEnglish("is")).toBe("is");
  });
});

describe("stemIndonesian (Nazief–Adriani, lexicon roots)", () => {
  it.each([
    ["lubangnya", "lubang"],
    ["berlubang", "lubang"],
    ["melubangi", "lubang"],
    ["dilas", "las"],
    ["pengeboran", "bor"],
    ["menyambung", "sambung"],
    ["dipotong", "potong"],
    ["memotong", "potong"],
    ["penutupnya", "penutup"], // a lexicon word itself: the search stops at the first dictionary hit
    ["menutupi", "tutup"],
    ["bautnya", "baut"],
    ["ditekuk", "tekuk"],
  ])("%s → %s", (word, stem) => expect(stemIndonesian(word, isRootWord)).toBe(stem));

  it("returns unknown words unchanged instead of mangling them", () => {
    expect(stemIndonesian("pelat", isRootWord)).toBe("pelat");
    expect(stemIndonesian("mengxyz", isRootWord)).toBe("mengxyz");
    expect(stemIndonesian("bracket", isRootWord)).toBe("bracket");
  });
});
