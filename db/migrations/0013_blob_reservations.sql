CREATE TABLE `blob_reservations` (
	`sha256` text PRIMARY KEY NOT NULL,
	`reserved_at` integer NOT NULL,
	`deleting_at` integer
);
--> statement-breakpoint
CREATE INDEX `blob_reservations_reserved_idx` ON `blob_reservations` (`reserved_at`);