CREATE TABLE "throttle_hits" (
	"bucket" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "throttle_hits_bucket_at_idx" ON "throttle_hits" USING btree ("bucket","at");
