CREATE TABLE `viewer_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`file_id` text NOT NULL,
	`version_id` text,
	`token_hash` text NOT NULL,
	`allow_download` integer NOT NULL,
	`created_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`version_id`) REFERENCES `file_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `viewer_tokens_token_hash_unique` ON `viewer_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `viewer_tokens_file_idx` ON `viewer_tokens` (`workspace_id`,`file_id`);