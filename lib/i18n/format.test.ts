import { describe, expect, it } from "vitest";
import { formatBytes, formatIdr, formatNumber } from "./format";

describe("formatting for the dashboard", () => {
  it("bytes in binary multiples, one decimal under 100, in either language", () => {
    expect(formatBytes(512, "en")).toBe("512 B");
    expect(formatBytes(3200, "en")).toBe("3.1 KB");
    expect(formatBytes(3200, "id")).toBe("3,1 KB");
    expect(formatBytes(25 * 1024 * 1024, "id")).toBe("25 MB");
    expect(formatBytes(150 * 1024 * 1024, "en")).toBe("150 MB");
  });

  it("rupiah and plain numbers as each language writes them", () => {
    expect(formatIdr(149000).replace(/\s/g, " ")).toBe("Rp 149.000");
    expect(formatNumber(1234.5, "id")).toBe("1.234,5");
    expect(formatNumber(1234.5, "en")).toBe("1,234.5");
  });
});
