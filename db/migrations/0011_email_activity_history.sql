CREATE TABLE `email_activity_days` (
	`workspace_id` text NOT NULL,
	`day` text NOT NULL,
	`mailbox_id` text NOT NULL,
	`delivered` integer DEFAULT 0 NOT NULL,
	`delivered_bytes` integer DEFAULT 0 NOT NULL,
	`rejected` integer DEFAULT 0 NOT NULL,
	`rejected_bytes` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`, `mailbox_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_mailbox_log` (
	`mailbox_id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`address` text NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	`last_received_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_mailbox_log_workspace_idx` ON `email_mailbox_log` (`workspace_id`,`created_at`);--> statement-breakpoint
-- Existing mailboxes and their deliveries become history before the per-message table goes.
INSERT INTO `email_mailbox_log` (`mailbox_id`, `workspace_id`, `address`, `created_at`, `deleted_at`, `last_received_at`)
SELECT a.`id`, a.`workspace_id`, a.`address`, a.`created_at`, NULL,
  (SELECT max(d.`received_at`) FROM `email_deliveries` d WHERE d.`account_id` = a.`id`)
FROM `email_accounts` a;--> statement-breakpoint
INSERT INTO `email_activity_days` (`workspace_id`, `day`, `mailbox_id`, `delivered`, `delivered_bytes`)
SELECT `workspace_id`, strftime('%Y-%m-%d', `received_at` / 1000, 'unixepoch'), `account_id`, count(*), sum(`size_bytes`)
FROM `email_deliveries` GROUP BY 1, 2, 3;--> statement-breakpoint
DROP TABLE `email_deliveries`;--> statement-breakpoint
CREATE TABLE `email_outbound` (
	`id` text PRIMARY KEY NOT NULL,
	`workspace_id` text NOT NULL,
	`mailbox_id` text NOT NULL,
	`mail_from` text NOT NULL,
	`rcpt_to` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_outbound_due_idx` ON `email_outbound` (`status`,`next_attempt_at`);