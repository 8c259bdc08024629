CREATE TABLE "api_keys" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"key_hash" text COLLATE "C" NOT NULL,
	"display_hint" text COLLATE "C" NOT NULL,
	"scopes" json NOT NULL,
	"created_by" text COLLATE "C",
	"created_at" bigint NOT NULL,
	"expires_at" bigint,
	"revoked_at" bigint,
	"last_used_at" bigint,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "blob_reservations" (
	"sha256" text COLLATE "C" PRIMARY KEY NOT NULL,
	"reserved_at" bigint NOT NULL,
	"deleting_at" bigint
);
--> statement-breakpoint
CREATE TABLE "dns_pushes" (
	"domain" text COLLATE "C" PRIMARY KEY NOT NULL,
	"generation" bigint NOT NULL,
	"attempts" bigint NOT NULL,
	"due_at" bigint NOT NULL,
	"last_error" text COLLATE "C",
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_records" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"zone_id" text COLLATE "C" NOT NULL,
	"type" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"fqdn" text COLLATE "C" NOT NULL,
	"data" text COLLATE "C" NOT NULL,
	"ttl" bigint NOT NULL,
	"priority" bigint,
	"port" bigint,
	"weight" bigint,
	"flags" bigint,
	"tag" text COLLATE "C",
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dns_zones" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"domain" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" DEFAULT 'active' NOT NULL,
	"verification_token" text COLLATE "C",
	"verified_at" bigint,
	"serial" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_accounts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"address" text COLLATE "C" NOT NULL,
	"password_hash" text COLLATE "C" NOT NULL,
	"quota_mb" bigint NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"message_count" bigint DEFAULT 0 NOT NULL,
	"status" text COLLATE "C" DEFAULT 'active' NOT NULL,
	"created_at" bigint NOT NULL,
	"last_login_at" bigint,
	CONSTRAINT "email_accounts_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "email_activity_days" (
	"workspace_id" text COLLATE "C" NOT NULL,
	"day" text COLLATE "C" NOT NULL,
	"mailbox_id" text COLLATE "C" NOT NULL,
	"delivered" bigint DEFAULT 0 NOT NULL,
	"delivered_bytes" bigint DEFAULT 0 NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	"rejected_bytes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "email_activity_days_workspace_id_day_mailbox_id_pk" PRIMARY KEY("workspace_id","day","mailbox_id")
);
--> statement-breakpoint
CREATE TABLE "email_mailbox_log" (
	"mailbox_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"address" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"deleted_at" bigint,
	"last_received_at" bigint
);
--> statement-breakpoint
CREATE TABLE "email_outbound" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"mailbox_id" text COLLATE "C" NOT NULL,
	"mail_from" text COLLATE "C" NOT NULL,
	"rcpt_to" text COLLATE "C" NOT NULL,
	"size_bytes" bigint NOT NULL,
	"status" text COLLATE "C" DEFAULT 'queued' NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"last_error" text COLLATE "C",
	"created_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "file_metadata" (
	"doc_id" bigserial PRIMARY KEY NOT NULL,
	"file_id" text COLLATE "C" NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"version_id" text COLLATE "C" NOT NULL,
	"metadata" json NOT NULL,
	"source_texts" json NOT NULL,
	"material" text COLLATE "C",
	"shape_class" text COLLATE "C" NOT NULL,
	"dim_max" double precision,
	"dim_mid" double precision,
	"dim_min" double precision,
	"thickness_mm" double precision,
	"hole_count" bigint,
	"hole_diameters" json NOT NULL,
	"volume_cm3" double precision,
	"mass_volume_cm3" double precision,
	"density_g_cm3" double precision,
	"cut_length_mm" double precision,
	"analyzed_at" bigint,
	"indexed_at" bigint NOT NULL,
	CONSTRAINT "file_metadata_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "file_status_events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"file_id" text COLLATE "C" NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"from_status" text COLLATE "C" NOT NULL,
	"to_status" text COLLATE "C" NOT NULL,
	"actor" text COLLATE "C" NOT NULL,
	"reason" text COLLATE "C",
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_versions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"file_id" text COLLATE "C" NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"number" bigint NOT NULL,
	"sha256" text COLLATE "C" NOT NULL,
	"size_bytes" bigint NOT NULL,
	"original_name" text COLLATE "C" NOT NULL,
	"format" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"analysis" json NOT NULL,
	"uploaded_by" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"format" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" DEFAULT 'draft' NOT NULL,
	"tags" json NOT NULL,
	"current_version_id" text COLLATE "C" NOT NULL,
	"version_count" bigint NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"key" text COLLATE "C" NOT NULL,
	"path" text COLLATE "C" NOT NULL,
	"request_hash" text COLLATE "C" NOT NULL,
	"status" bigint,
	"body" text COLLATE "C",
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"workspace_id" text COLLATE "C" NOT NULL,
	"user_id" text COLLATE "C" NOT NULL,
	"role" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "memberships_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "price_catalogs" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"version" bigint NOT NULL,
	"catalog" json NOT NULL,
	"created_by" text COLLATE "C" NOT NULL,
	"note" text COLLATE "C",
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_estimates" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"version_id" text COLLATE "C" NOT NULL,
	"profile_key" text COLLATE "C" NOT NULL,
	"method" text COLLATE "C" NOT NULL,
	"variant" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"data" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_cache" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"file_id" text COLLATE "C" NOT NULL,
	"version_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"params" text COLLATE "C" NOT NULL,
	"catalog_version" bigint NOT NULL,
	"payload" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_buckets" (
	"name" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"region" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storage_credentials" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"access_key_id" text COLLATE "C" NOT NULL,
	"secret_ciphertext" text COLLATE "C" NOT NULL,
	"buckets" text COLLATE "C",
	"read_only" boolean NOT NULL,
	"created_at" bigint NOT NULL,
	"revoked_at" bigint,
	CONSTRAINT "storage_credentials_access_key_id_unique" UNIQUE("access_key_id")
);
--> statement-breakpoint
CREATE TABLE "storage_objects" (
	"bucket" text COLLATE "C" NOT NULL,
	"key" text COLLATE "C" NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"blob" text COLLATE "C" NOT NULL,
	"size_bytes" bigint NOT NULL,
	"etag" text COLLATE "C" NOT NULL,
	"content_type" text COLLATE "C" NOT NULL,
	"metadata" text COLLATE "C" DEFAULT '{}' NOT NULL,
	"modified_at" bigint NOT NULL,
	CONSTRAINT "storage_objects_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
CREATE TABLE "storage_upload_parts" (
	"upload_id" text COLLATE "C" NOT NULL,
	"part_number" bigint NOT NULL,
	"size_bytes" bigint NOT NULL,
	"etag" text COLLATE "C" NOT NULL,
	"modified_at" bigint NOT NULL,
	CONSTRAINT "storage_upload_parts_upload_id_part_number_pk" PRIMARY KEY("upload_id","part_number")
);
--> statement-breakpoint
CREATE TABLE "storage_uploads" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"bucket" text COLLATE "C" NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"key" text COLLATE "C" NOT NULL,
	"content_type" text COLLATE "C" NOT NULL,
	"metadata" text COLLATE "C" DEFAULT '{}' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"workspace_id" text COLLATE "C" NOT NULL,
	"window" text COLLATE "C" NOT NULL,
	"count" bigint NOT NULL,
	"rejected" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_workspace_id_window_pk" PRIMARY KEY("workspace_id","window")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"email" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C",
	"password_hash" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "viewer_tokens" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"file_id" text COLLATE "C" NOT NULL,
	"version_id" text COLLATE "C",
	"token_hash" text COLLATE "C" NOT NULL,
	"allow_download" boolean NOT NULL,
	"created_by" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint,
	"revoked_at" bigint,
	CONSTRAINT "viewer_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "vps_actions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"vps_id" text COLLATE "C" NOT NULL,
	"command" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"started_at" bigint NOT NULL,
	"finished_at" bigint
);
--> statement-breakpoint
CREATE TABLE "vps_instances" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"label" text COLLATE "C" NOT NULL,
	"region" text COLLATE "C" NOT NULL,
	"plan" text COLLATE "C" NOT NULL,
	"image" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"provider" text COLLATE "C" NOT NULL,
	"address_index" bigint NOT NULL,
	"ipv4" text COLLATE "C" NOT NULL,
	"ipv6" text COLLATE "C" NOT NULL,
	"vcpus" bigint NOT NULL,
	"memory_mb" bigint NOT NULL,
	"disk_gb" bigint NOT NULL,
	"settles_at" bigint,
	"created_at" bigint NOT NULL,
	CONSTRAINT "vps_instances_address_index_unique" UNIQUE("address_index")
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"delivery_id" text COLLATE "C" NOT NULL,
	"number" bigint NOT NULL,
	"started_at" bigint NOT NULL,
	"duration_ms" bigint NOT NULL,
	"status_code" bigint,
	"response_snippet" text COLLATE "C",
	"error" text COLLATE "C",
	"succeeded" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"endpoint_id" text COLLATE "C" NOT NULL,
	"event_id" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" DEFAULT 'pending' NOT NULL,
	"schedule_attempts" bigint DEFAULT 0 NOT NULL,
	"attempt_count" bigint DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint,
	"last_attempt_at" bigint,
	"created_at" bigint NOT NULL,
	CONSTRAINT "webhook_deliveries_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"url" text COLLATE "C" NOT NULL,
	"description" text COLLATE "C",
	"events" json NOT NULL,
	"secret" text COLLATE "C" NOT NULL,
	"previous_secret" text COLLATE "C",
	"previous_secret_expires_at" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text COLLATE "C",
	"disabled_at" bigint,
	"failing_since" bigint,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"workspace_id" text COLLATE "C" NOT NULL,
	"type" text COLLATE "C" NOT NULL,
	"data" json NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"plan" text COLLATE "C" DEFAULT 'free' NOT NULL,
	"infra_plan" text COLLATE "C" DEFAULT 'solo_edge' NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_records" ADD CONSTRAINT "dns_records_zone_id_dns_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."dns_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dns_zones" ADD CONSTRAINT "dns_zones_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_accounts" ADD CONSTRAINT "email_accounts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_activity_days" ADD CONSTRAINT "email_activity_days_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_mailbox_log" ADD CONSTRAINT "email_mailbox_log_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_outbound" ADD CONSTRAINT "email_outbound_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_metadata" ADD CONSTRAINT "file_metadata_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_status_events" ADD CONSTRAINT "file_status_events_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_versions" ADD CONSTRAINT "file_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_catalogs" ADD CONSTRAINT "price_catalogs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_estimates" ADD CONSTRAINT "print_estimates_version_id_file_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_cache" ADD CONSTRAINT "quote_cache_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_cache" ADD CONSTRAINT "quote_cache_version_id_file_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_buckets" ADD CONSTRAINT "storage_buckets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_credentials" ADD CONSTRAINT "storage_credentials_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_objects" ADD CONSTRAINT "storage_objects_bucket_storage_buckets_name_fk" FOREIGN KEY ("bucket") REFERENCES "public"."storage_buckets"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_upload_parts" ADD CONSTRAINT "storage_upload_parts_upload_id_storage_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."storage_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_uploads" ADD CONSTRAINT "storage_uploads_bucket_storage_buckets_name_fk" FOREIGN KEY ("bucket") REFERENCES "public"."storage_buckets"("name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_tokens" ADD CONSTRAINT "viewer_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_tokens" ADD CONSTRAINT "viewer_tokens_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "viewer_tokens" ADD CONSTRAINT "viewer_tokens_version_id_file_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."file_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps_actions" ADD CONSTRAINT "vps_actions_vps_id_vps_instances_id_fk" FOREIGN KEY ("vps_id") REFERENCES "public"."vps_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vps_instances" ADD CONSTRAINT "vps_instances_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_workspace_idx" ON "api_keys" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "blob_reservations_reserved_idx" ON "blob_reservations" USING btree ("reserved_at");--> statement-breakpoint
CREATE INDEX "dns_pushes_due_idx" ON "dns_pushes" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "dns_records_fqdn_idx" ON "dns_records" USING btree ("fqdn");--> statement-breakpoint
CREATE INDEX "dns_records_zone_created_idx" ON "dns_records" USING btree ("zone_id","created_at","id");--> statement-breakpoint
CREATE INDEX "dns_zones_workspace_created_idx" ON "dns_zones" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "dns_zones_workspace_domain_idx" ON "dns_zones" USING btree ("workspace_id","domain");--> statement-breakpoint
CREATE UNIQUE INDEX "dns_zones_active_domain_idx" ON "dns_zones" USING btree ("domain") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "email_accounts_workspace_created_idx" ON "email_accounts" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "email_mailbox_log_workspace_idx" ON "email_mailbox_log" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "email_outbound_due_idx" ON "email_outbound" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "file_metadata_workspace_idx" ON "file_metadata" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "file_status_events_file_idx" ON "file_status_events" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "file_versions_file_number_idx" ON "file_versions" USING btree ("file_id","number");--> statement-breakpoint
CREATE INDEX "file_versions_sha_idx" ON "file_versions" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "files_workspace_created_idx" ON "files" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_scope_idx" ON "idempotency_keys" USING btree ("workspace_id","key","path");--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_catalogs_workspace_version_idx" ON "price_catalogs" USING btree ("workspace_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "print_estimates_key_idx" ON "print_estimates" USING btree ("version_id","profile_key","method","variant");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_cache_key_idx" ON "quote_cache" USING btree ("version_id","kind","params","catalog_version");--> statement-breakpoint
CREATE INDEX "quote_cache_expires_idx" ON "quote_cache" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "storage_buckets_workspace_name_idx" ON "storage_buckets" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "storage_credentials_workspace_idx" ON "storage_credentials" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "viewer_tokens_file_idx" ON "viewer_tokens" USING btree ("workspace_id","file_id");--> statement-breakpoint
CREATE INDEX "vps_actions_vps_status_idx" ON "vps_actions" USING btree ("vps_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "vps_instances_workspace_label_idx" ON "vps_instances" USING btree ("workspace_id","label");--> statement-breakpoint
CREATE INDEX "vps_instances_workspace_created_idx" ON "vps_instances" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vps_instances_settles_idx" ON "vps_instances" USING btree ("settles_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id","number");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_status_seq_idx" ON "webhook_deliveries" USING btree ("endpoint_id","status","seq");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_status_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_workspace_created_idx" ON "webhook_endpoints" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_events_workspace_created_idx" ON "webhook_events" USING btree ("workspace_id","created_at");