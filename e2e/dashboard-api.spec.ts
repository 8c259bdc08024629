import { expect, test } from "@playwright/test";
import { signIn } from "./fixture";
import { boxStl } from "../test/helpers/cad-text";

// The dashboard's own endpoints ride on the session cookie, so a write must come from the dashboard's origin:
// a cross-site form post carries the cookie but never our Origin.
test("dashboard-api writes need the dashboard's Origin and a session", async ({ page, request, baseURL }) => {
  await signIn(page);
  const upload = (origin?: string) =>
    page.request.post("/dashboard-api/files", {
      headers: origin ? { origin } : {},
      multipart: { file: { name: "origin-check.stl", mimeType: "model/stl", buffer: Buffer.from(boxStl(10, 10, 10)) } },
    });

  for (const origin of ["https://evil.example", undefined]) {
    const refused = await upload(origin);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe("forbidden");
  }
  const accepted = await upload(new URL(baseURL!).origin);
  expect(accepted.status()).toBe(201);
  expect((await accepted.json()).data.file.name).toBe("origin-check.stl");

  // Without the session cookie (a context that never signed in) the same request is 401.
  const anonymous = await request.post("/dashboard-api/files", {
    headers: { origin: new URL(baseURL!).origin },
    multipart: { file: { name: "x.stl", mimeType: "model/stl", buffer: Buffer.from(boxStl(1, 1, 1)) } },
  });
  expect(anonymous.status()).toBe(401);
  expect((await anonymous.json()).error.code).toBe("unauthorized");
});
