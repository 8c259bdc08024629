CREATE TABLE `file_metadata` (
	`doc_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`version_id` text NOT NULL,
	`metadata` text NOT NULL,
	`source_texts` text NOT NULL,
	`material` text,
	`shape_class` text NOT NULL,
	`dim_max` real,
	`dim_mid` real,
	`dim_min` real,
	`thickness_mm` real,
	`hole_count` integer,
	`hole_diameters` text NOT NULL,
	`volume_cm3` real,
	`mass_volume_cm3` real,
	`density_g_cm3` real,
	`cut_length_mm` real,
	`analyzed_at` integer,
	`indexed_at` integer NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `file_metadata_file_id_unique` ON `file_metadata` (`file_id`);--> statement-breakpoint
CREATE INDEX `file_metadata_workspace_idx` ON `file_metadata` (`workspace_id`);--> statement-breakpoint
-- Search index (custom SQL: drizzle-kit cannot describe FTS5 tables). rowid = file_metadata.doc_id; each column holds
-- pre-processed tokens (surface form, stem and `c_<concept>` ids, see lib/search/analyze-text.ts).
CREATE VIRTUAL TABLE `search_fts` USING fts5(`name`, `tags`, `description`, `metadata`, tokenize = 'unicode61 remove_diacritics 2');--> statement-breakpoint
CREATE TRIGGER `file_metadata_search_delete` AFTER DELETE ON `file_metadata` BEGIN DELETE FROM `search_fts` WHERE rowid = old.`doc_id`; END;
