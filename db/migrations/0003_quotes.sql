CREATE TABLE `price_catalogs` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`version` integer NOT NULL,
	`catalog` text NOT NULL,
	`created_by` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_catalogs_workspace_version_idx` ON `price_catalogs` (`workspace_id`,`version`);--> statement-breakpoint
CREATE TABLE `quote_cache` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`file_id` text NOT NULL,
	`version_id` text NOT NULL,
	`kind` text NOT NULL,
	`params` text NOT NULL,
	`catalog_version` integer NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`version_id`) REFERENCES `file_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quote_cache_key_idx` ON `quote_cache` (`version_id`,`kind`,`params`,`catalog_version`);--> statement-breakpoint
CREATE INDEX `quote_cache_expires_idx` ON `quote_cache` (`expires_at`);