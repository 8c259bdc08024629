CREATE TABLE `storage_objects` (
	`bucket` text NOT NULL,
	`key` text NOT NULL,
	`workspace_id` text NOT NULL,
	`blob` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`etag` text NOT NULL,
	`content_type` text NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`modified_at` integer NOT NULL,
	PRIMARY KEY(`bucket`, `key`),
	FOREIGN KEY (`bucket`) REFERENCES `storage_buckets`(`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `storage_credentials` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`name` text NOT NULL,
	`access_key_id` text NOT NULL,
	`secret_ciphertext` text NOT NULL,
	`buckets` text,
	`read_only` integer NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `storage_credentials_access_key_id_unique` ON `storage_credentials` (`access_key_id`);--> statement-breakpoint
CREATE INDEX `storage_credentials_workspace_idx` ON `storage_credentials` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `storage_uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`bucket` text NOT NULL,
	`workspace_id` text NOT NULL,
	`key` text NOT NULL,
	`content_type` text NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`bucket`) REFERENCES `storage_buckets`(`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `storage_upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`size_bytes` integer NOT NULL,
	`etag` text NOT NULL,
	`modified_at` integer NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`),
	FOREIGN KEY (`upload_id`) REFERENCES `storage_uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
