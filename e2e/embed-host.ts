import { expect, type APIRequestContext, type Frame, type Page } from "@playwright/test";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A customer's site on another origin (another port): a page that frames `?src=` and records the viewer's
 * postMessage events in `window.__viewerEvents` ({origin, data}).
 */
export async function startEmbedHost(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const params = new URL(req.url ?? "/", "http://x").searchParams;
    const src = (params.get("src") ?? "").replace(/"/g, "&quot;");
    const width = Number(params.get("w") ?? 800);
    const height = Number(params.get("h") ?? 600);
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><html><body style="margin:0;background:#fff">
<script>window.__viewerEvents=[];addEventListener("message",(e)=>{if(e.data&&e.data.source==="bengkel-viewer")window.__viewerEvents.push({origin:e.origin,data:e.data})});</script>
<iframe id="viewer" src="${src}" width="${width}" height="${height}" style="border:0"></iframe></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function uploadFile(request: APIRequestContext, key: string, name: string, buffer: Buffer) {
  const res = await request.post("/v1/files", {
    headers: { authorization: `Bearer ${key}` },
    multipart: { file: { name, mimeType: "application/octet-stream", buffer } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.file.id as string;
}

export async function viewerLink(request: APIRequestContext, key: string, fileId: string, query = "") {
  const res = await request.get(`/v1/files/${fileId}/viewer${query}`, { headers: { authorization: `Bearer ${key}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { embed_url: string; token: string; token_id: string };
}

/** Opens the host page with the iframe and waits for the first rendered frame inside it. */
export async function openEmbedded(page: Page, hostOrigin: string, embedUrl: string, size = ""): Promise<Frame> {
  await page.goto(`${hostOrigin}/?src=${encodeURIComponent(embedUrl)}${size}`);
  const frame = page.frameLocator("#viewer");
  await expect(frame.locator("[data-viewer-state=ready]")).toBeVisible({ timeout: 90_000 });
  await expect(frame.locator("[data-first-frame]")).toBeAttached();
  return page.frames().find((f) => f.url().includes("/embed/"))!;
}

/** Which pixels of the WebGL canvas differ from the light background, row by row, and the canvas's size. */
export async function inkMask(frame: Frame | Page): Promise<boolean[]> {
  return (await inkImage(frame)).mask;
}

export async function inkImage(frame: Frame | Page): Promise<{ mask: boolean[]; width: number; height: number }> {
  await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return frame.evaluate(() => {
    const canvas = document.querySelector("[data-testid=viewer-canvas] canvas") as HTMLCanvasElement;
    const copy = document.createElement("canvas");
    copy.width = canvas.width;
    copy.height = canvas.height;
    const ctx = copy.getContext("2d")!;
    ctx.drawImage(canvas, 0, 0);
    const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
    const mask: boolean[] = [];
    for (let i = 0; i < data.length; i += 4)
      mask.push(Math.abs(data[i] - 0xf5) + Math.abs(data[i + 1] - 0xf5) + Math.abs(data[i + 2] - 0xf4) > 30);
    return { mask, width: copy.width, height: copy.height };
  });
}

export const changedPixels = (a: boolean[], b: boolean[]) => a.reduce((n, inked, i) => n + (inked !== b[i] ? 1 : 0), 0);

/** How many pixels of the WebGL canvas differ from the light background. */
export async function inkedPixels(frame: Frame | Page): Promise<number> {
  return (await inkMask(frame)).filter(Boolean).length;
}
