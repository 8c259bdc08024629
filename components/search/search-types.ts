/** What GET /dashboard-api/search answers. */
export interface SearchResultRow {
  id: string;
  name: string;
  format: string;
  score: number;
  matched_fields: string[];
  highlights: { name?: string; description_id?: string; description_en?: string };
}

export interface SearchInterpretation {
  terms: { text: string; concepts: string[]; corrected_to?: string[] }[];
  constraints: { text: string }[];
  dims: number[] | null;
}

export interface SearchLabels {
  label: string;
  placeholder: string;
  searching: string;
  none: string;
  score: string;
  readAs: string;
}
