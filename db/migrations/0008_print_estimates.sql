CREATE TABLE `print_estimates` (
	`id` text PRIMARY KEY NOT NULL,
	`version_id` text NOT NULL,
	`profile_key` text NOT NULL,
	`method` text NOT NULL,
	`variant` text NOT NULL,
	`status` text NOT NULL,
	`data` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`version_id`) REFERENCES `file_versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `print_estimates_key_idx` ON `print_estimates` (`version_id`,`profile_key`,`method`,`variant`);