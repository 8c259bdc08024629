CREATE TABLE `login_failures` (
	`key` text PRIMARY KEY NOT NULL,
	`times` text NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_failures_expires_idx` ON `login_failures` (`expires_at`);