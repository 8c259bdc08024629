CREATE TABLE `vps_actions` (
	`id` text PRIMARY KEY NOT NULL,
	`vps_id` text NOT NULL,
	`command` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`vps_id`) REFERENCES `vps_instances`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vps_actions_vps_status_idx` ON `vps_actions` (`vps_id`,`status`);--> statement-breakpoint
CREATE TABLE `vps_instances` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`label` text NOT NULL,
	`region` text NOT NULL,
	`plan` text NOT NULL,
	`image` text NOT NULL,
	`status` text NOT NULL,
	`provider` text NOT NULL,
	`address_index` integer NOT NULL,
	`ipv4` text NOT NULL,
	`ipv6` text NOT NULL,
	`vcpus` integer NOT NULL,
	`memory_mb` integer NOT NULL,
	`disk_gb` integer NOT NULL,
	`settles_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vps_instances_address_index_unique` ON `vps_instances` (`address_index`);--> statement-breakpoint
CREATE UNIQUE INDEX `vps_instances_workspace_label_idx` ON `vps_instances` (`workspace_id`,`label`);--> statement-breakpoint
CREATE INDEX `vps_instances_workspace_created_idx` ON `vps_instances` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `vps_instances_settles_idx` ON `vps_instances` (`settles_at`);--> statement-breakpoint
CREATE TABLE `dns_records` (
	`id` text PRIMARY KEY NOT NULL,
	`zone_id` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`fqdn` text NOT NULL,
	`data` text NOT NULL,
	`ttl` integer NOT NULL,
	`priority` integer,
	`port` integer,
	`weight` integer,
	`flags` integer,
	`tag` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`zone_id`) REFERENCES `dns_zones`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `dns_records_fqdn_idx` ON `dns_records` (`fqdn`);--> statement-breakpoint
CREATE INDEX `dns_records_zone_created_idx` ON `dns_records` (`zone_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `dns_zones` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`domain` text NOT NULL,
	`serial` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dns_zones_domain_unique` ON `dns_zones` (`domain`);--> statement-breakpoint
CREATE INDEX `dns_zones_workspace_created_idx` ON `dns_zones` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `email_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`address` text NOT NULL,
	`password_hash` text NOT NULL,
	`quota_mb` integer NOT NULL,
	`used_bytes` integer DEFAULT 0 NOT NULL,
	`message_count` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`created_at` integer NOT NULL,
	`last_login_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `email_accounts_address_unique` ON `email_accounts` (`address`);--> statement-breakpoint
CREATE INDEX `email_accounts_workspace_created_idx` ON `email_accounts` (`workspace_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `email_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`account_id` text NOT NULL,
	`workspace_id` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`received_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `email_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_deliveries_workspace_received_idx` ON `email_deliveries` (`workspace_id`,`received_at`);--> statement-breakpoint
CREATE TABLE `storage_buckets` (
	`name` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`region` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `storage_buckets_workspace_name_idx` ON `storage_buckets` (`workspace_id`,`name`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`key` text NOT NULL,
	`path` text NOT NULL,
	`request_hash` text NOT NULL,
	`status` integer,
	`body` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotency_keys_scope_idx` ON `idempotency_keys` (`workspace_id`,`key`,`path`);