CREATE TABLE `dns_pushes` (
	`domain` text PRIMARY KEY NOT NULL,
	`generation` integer NOT NULL,
	`attempts` integer NOT NULL,
	`due_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dns_pushes_due_idx` ON `dns_pushes` (`due_at`);--> statement-breakpoint
DROP INDEX `dns_zones_domain_unique`;--> statement-breakpoint
ALTER TABLE `dns_zones` ADD `status` text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE `dns_zones` ADD `verification_token` text;--> statement-breakpoint
ALTER TABLE `dns_zones` ADD `verified_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `dns_zones_workspace_domain_idx` ON `dns_zones` (`workspace_id`,`domain`);--> statement-breakpoint
CREATE UNIQUE INDEX `dns_zones_active_domain_idx` ON `dns_zones` (`domain`) WHERE status = 'active';