CREATE TABLE `file_status_events` (
	`id` text PRIMARY KEY NOT NULL,
	`file_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`from_status` text NOT NULL,
	`to_status` text NOT NULL,
	`actor` text NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `file_status_events_file_idx` ON `file_status_events` (`file_id`,`created_at`);