import { describe, expect, it } from "vitest";
import { disabledReasonCode, disabledReasonText } from "./webhook-reasons";

describe("disabledReasonText", () => {
  it("reads the API's three sentences back into codes and words them in both languages", () => {
    expect(disabledReasonCode("Disabled through the API.")).toBe("manual");
    expect(disabledReasonText("Disabled through the API.", "id")).toBe("dimatikan di dasbor atau melalui API.");
    expect(disabledReasonText("The endpoint answered 410 Gone; disabled automatically.", "id")).toBe(
      "Endpoint menjawab 410 Gone; dinonaktifkan otomatis.",
    );
    const failing =
      "Every delivery attempt has failed since 2025-03-03T10:00:00.000Z (5 days); disabled automatically.";
    expect(disabledReasonCode(failing)).toBe("failing");
    expect(disabledReasonText(failing, "id")).toMatch(
      /^Semua percobaan pengiriman gagal sejak 3 Mar 2025 \(5 hari\); dinonaktifkan otomatis\.$/,
    );
    expect(disabledReasonText(failing, "en")).toBe(
      "Every delivery attempt has failed since 3 Mar 2025 (5 days); disabled automatically.",
    );
  });

  it("an unknown sentence stays English in English and is left out in Indonesian", () => {
    expect(disabledReasonText("Something new.", "en")).toBe("Something new.");
    expect(disabledReasonText("Something new.", "id")).toBeNull();
    expect(disabledReasonText(null, "id")).toBeNull();
  });
});
