import type { FileMetadata } from "./types";
import { config, type Config } from "@/lib/config";

/**
 * Optional rewriting of the rules-based description by a language model. The
 * facts stay the rules' own; the model only rephrases. Off unless
 * LLM_BASE_URL and LLM_MODEL are set, so the default path is local and
 * deterministic.
 */
export interface DescriptionEnricher {
  enrich(metadata: FileMetadata): Promise<{ id: string; en: string }>;
}

export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

/** LLM_BASE_URL, LLM_MODEL and LLM_API_KEY from the configuration; null (off) unless the first two are set. */
export function llmConfigFromEnv(
  settings: Pick<Config, "LLM_BASE_URL" | "LLM_MODEL" | "LLM_API_KEY"> = config(),
): LlmConfig | null {
  if (!settings.LLM_BASE_URL || !settings.LLM_MODEL) return null;
  return {
    baseUrl: settings.LLM_BASE_URL.replace(/\/+$/, ""),
    apiKey: settings.LLM_API_KEY,
    model: settings.LLM_MODEL,
  };
}

const PROMPT =
  "Rewrite the two part descriptions below as fluent catalogue text, one in Indonesian and one in English. Use only the facts given; " +
  'add no numbers, materials or features. Answer with JSON {"id": "...", "en": "..."} only.';

/** An OpenAI-compatible `/chat/completions` endpoint. */
export function openAiCompatibleEnricher(config: LlmConfig): DescriptionEnricher {
  return {
    async enrich(metadata) {
      const facts = {
        description: metadata.description,
        dimensions: metadata.dimensions,
        material: metadata.material?.label ?? null,
      };
      const response = await fetch(`${config.baseUrl}/chat/completions`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }),
        },
        body: JSON.stringify({
          model: config.model,
          temperature: 0,
          messages: [
            { role: "system", content: PROMPT },
            { role: "user", content: JSON.stringify(facts) },
          ],
        }),
        signal: AbortSignal.timeout(config.timeoutMs ?? 15_000),
      });
      if (!response.ok) throw new Error(`LLM endpoint answered ${response.status}`);
      const body = (await response.json()) as { choices?: { message?: { content?: string } }[] };
      const content = body.choices?.[0]?.message?.content ?? "";
      const parsed = JSON.parse(content.slice(content.indexOf("{"), content.lastIndexOf("}") + 1)) as {
        id?: unknown;
        en?: unknown;
      };
      if (typeof parsed.id !== "string" || typeof parsed.en !== "string" || !parsed.id.trim() || !parsed.en.trim()) {
        throw new Error("LLM answer lacks the id/en descriptions");
      }
      return { id: parsed.id.trim().slice(0, 500), en: parsed.en.trim().slice(0, 500) };
    },
  };
}

/** Applies the enricher when there is one; any failure keeps the rules' text, because a description must never block analysis. */
export async function enrichDescription(
  metadata: FileMetadata,
  enricher: DescriptionEnricher | null,
): Promise<FileMetadata> {
  if (!enricher) return metadata;
  try {
    return { ...metadata, description: await enricher.enrich(metadata), analyzer: "rules+llm" };
  } catch {
    return metadata;
  }
}
