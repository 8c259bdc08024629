-- Search index (custom SQL: drizzle-kit cannot describe a generated tsvector). One row per file_metadata row; the
-- text columns hold the tokens our analyser produced (lib/search), weighted like bm25() on SQLite: name A, tags B,
-- metadata C, description D. The 'simple' configuration only lower-cases: stemming and concepts are ours.
CREATE TABLE "search_documents" (
	"doc_id" bigint PRIMARY KEY NOT NULL REFERENCES "file_metadata"("doc_id") ON DELETE CASCADE,
	"workspace_id" text COLLATE "C" NOT NULL,
	"name" text NOT NULL,
	"tags" text NOT NULL,
	"description" text NOT NULL,
	"metadata" text NOT NULL,
	"document" tsvector GENERATED ALWAYS AS (
		setweight(to_tsvector('simple', "name"), 'A') ||
		setweight(to_tsvector('simple', "tags"), 'B') ||
		setweight(to_tsvector('simple', "metadata"), 'C') ||
		setweight(to_tsvector('simple', "description"), 'D')
	) STORED
);
--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document");
--> statement-breakpoint
CREATE INDEX "search_documents_workspace_idx" ON "search_documents" ("workspace_id");
