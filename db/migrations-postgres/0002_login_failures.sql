CREATE TABLE "login_failures" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"times" text COLLATE "C" NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_failures_expires_idx" ON "login_failures" USING btree ("expires_at");