import { indexTokens, queryGroups, type TermGroup } from "./analyze-text";

export const FIELDS = ["name", "tags", "description", "metadata"] as const;
export type Field = (typeof FIELDS)[number];
export type DocumentFields = Record<Field, string>;

/**
 * How documents and queries are represented and compared. The default is the
 * lexical-semantic engine (words, stems and bilingual concepts, stored in
 * FTS5); a dense model can implement the same interface later and keep its
 * vectors beside the FTS rows.
 */
export interface Embedder<Doc, Query> {
  readonly id: string;
  embedDocument(fields: DocumentFields): Doc;
  embedQuery(text: string): Query;
  /** 0–1: how much of the query the document covers. */
  similarity(doc: Doc, query: Query): number;
}

export type TokenFields = Record<Field, string>;

export const lexicalEmbedder: Embedder<TokenFields, TermGroup[]> = {
  id: "lexical-v1",
  embedDocument: (fields) =>
    Object.fromEntries(FIELDS.map((f) => [f, indexTokens(fields[f]).join(" ")])) as TokenFields,
  embedQuery: queryGroups,
  similarity(doc, groups) {
    const total = groups.reduce((s, g) => s + g.weight, 0);
    if (!total) return 0;
    const tokens = new Set(FIELDS.flatMap((f) => doc[f].split(" ")));
    return groups.reduce((s, g) => s + (g.tokens.some((t) => tokens.has(t)) ? g.weight : 0), 0) / total;
  },
};
