import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/api/error-codes";
import { ERROR_TEXTS, errorText } from "./errors";

describe("API errors in the dashboard's language", () => {
  it("every code in lib/api/error-codes.ts has its own English and Indonesian sentence", () => {
    for (const code of Object.keys(ERROR_CODES)) {
      const en = errorText({ code }, "en");
      const id = errorText({ code }, "id");
      expect(code in ERROR_TEXTS, code).toBe(true);
      expect(en, code).toMatch(/\S/);
      expect(id, code).toMatch(/\S/);
      expect(id, code).not.toBe(en);
      expect(id, code).not.toBe("Permintaan gagal.");
    }
  });

  it("the upload failures read in Indonesian, numbers from the details written the Indonesian way", () => {
    expect(errorText({ code: "unsupported_format", details: { accepted_extensions: ["stl", "3mf"] } }, "id")).toBe(
      "Ini bukan file CAD yang didukung. Format yang diterima: .stl, .3mf.",
    );
    expect(errorText({ code: "unsupported_format" }, "id")).toBe("Format atau versi file ini tidak didukung.");
    expect(errorText({ code: "payload_too_large", details: { max_bytes: 2000 * 1024 * 1024 } }, "id")).toBe(
      "File melebihi batas ukuran paket ini, 2.000 MB.",
    );
    expect(errorText({ code: "payload_too_large", details: { max_bytes: 2000 * 1024 * 1024 } }, "en")).toBe(
      "The file is larger than this plan's limit of 2,000 MB.",
    );
    expect(errorText({ code: "busy", details: { retry_after_seconds: 5 } }, "id")).toBe(
      "Server sedang sibuk menganalisis file lain; coba lagi dalam 5 detik.",
    );
    expect(errorText({ code: "analysis_timeout", details: { limit_seconds: 1.5 } }, "id")).toMatch(
      /lebih dari 1,5 detik/,
    );
    expect(errorText({ code: "analysis_too_large", details: { limit_mb: 1536 } }, "en")).toMatch(/\(1,536 MB\)/);
    for (const code of ["unreadable_file", "empty_geometry", "drawing_too_complex", "archive_too_large", "network"]) {
      expect(errorText({ code }, "id"), code).not.toMatch(/\b(the|file is|could not)\b/);
    }
  });

  it("an unknown or missing code still reads as a failure in the reader's language", () => {
    expect(errorText({ code: "teapot" }, "id")).toBe("Permintaan gagal.");
    expect(errorText({}, "en")).toBe("The request failed.");
  });
});
