import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enrichDescription, llmConfigFromEnv, openAiCompatibleEnricher } from "./enrich-description";
import { extractMetadata } from "./extract-metadata";

/** A fake OpenAI-compatible endpoint on loopback: tests never reach a real model. */
let server: http.Server;
let baseUrl: string;
let lastBody: { model?: string; messages?: { content: string }[] } = {};
let answer = "";
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      lastBody = JSON.parse(body);
      res.writeHead(answer ? 200 : 500, { "content-type": "application/json" });
      res.end(JSON.stringify({ choices: [{ message: { content: answer } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => server.close());

const metadata = extractMetadata({
  name: "flange.dxf",
  tags: [],
  analysis: {
    kind: "laser",
    format: "dxf",
    geometry: { bbox_mm: { x: 100, y: 100 }, area_cm2: 60, holes: 4, cut_length_mm: 500 },
  },
  texts: [],
});

describe("description enricher", () => {
  it("is off unless an endpoint and model are configured", () => {
    expect(llmConfigFromEnv({})).toBeNull();
    expect(llmConfigFromEnv({ LLM_BASE_URL: "http://x/v1/", LLM_MODEL: "m" })).toEqual({
      baseUrl: "http://x/v1",
      apiKey: undefined,
      model: "m",
    });
  });

  it("replaces the description with the model's rephrasing and marks the analyzer", async () => {
    answer = 'Sure: {"id": "Flensa 100 × 100 mm dengan 4 lubang.", "en": "A 100 × 100 mm flange with 4 holes."}';
    const enriched = await enrichDescription(metadata, openAiCompatibleEnricher({ baseUrl, model: "tiny" }));
    expect(enriched.description).toEqual({
      id: "Flensa 100 × 100 mm dengan 4 lubang.",
      en: "A 100 × 100 mm flange with 4 holes.",
    });
    expect(enriched.analyzer).toBe("rules+llm");
    expect(lastBody.model).toBe("tiny");
    expect(lastBody.messages?.[1].content).toContain("100 × 100 mm");
  });

  it("keeps the rules' description when the endpoint fails", async () => {
    answer = "";
    const kept = await enrichDescription(metadata, openAiCompatibleEnricher({ baseUrl, model: "tiny" }));
    expect(kept).toEqual(metadata);
  });
});
