CREATE TABLE "punchout_orders" (
	"company_id" uuid NOT NULL,
	"payload_id" text NOT NULL,
	"po_number" text NOT NULL,
	"checkout_id" uuid NOT NULL,
	"bill_to" jsonb NOT NULL,
	"answer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punchout_orders_company_id_payload_id_pk" PRIMARY KEY("company_id","payload_id")
);
--> statement-breakpoint
CREATE TABLE "punchout_requisitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "punchout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"operation" text DEFAULT 'create' NOT NULL,
	"buyer_cookie" text,
	"buyer_credentials" jsonb,
	"return_url" text NOT NULL,
	"return_target" text,
	"start_token_hash" text,
	"start_expires_at" timestamp with time zone,
	"browser_token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"cart" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transferred_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punchout_sessions_start_token_hash_unique" UNIQUE("start_token_hash"),
	CONSTRAINT "punchout_sessions_browser_token_hash_unique" UNIQUE("browser_token_hash")
);
--> statement-breakpoint
CREATE TABLE "punchout_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"buyer_id" uuid NOT NULL,
	"cxml_domain" text NOT NULL,
	"cxml_identity" text NOT NULL,
	"shared_secret_hash" text NOT NULL,
	"oci_username" text NOT NULL,
	"oci_password_hash" text NOT NULL,
	"hook_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "punchout_settings_oci_username_unique" UNIQUE("oci_username")
);
--> statement-breakpoint
ALTER TABLE "punchout_orders" ADD CONSTRAINT "punchout_orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_orders" ADD CONSTRAINT "punchout_orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_requisitions" ADD CONSTRAINT "punchout_requisitions_session_id_punchout_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."punchout_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_requisitions" ADD CONSTRAINT "punchout_requisitions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_sessions" ADD CONSTRAINT "punchout_sessions_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_settings" ADD CONSTRAINT "punchout_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "punchout_settings" ADD CONSTRAINT "punchout_settings_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_orders_po_idx" ON "punchout_orders" USING btree ("company_id","po_number");--> statement-breakpoint
CREATE INDEX "punchout_requisitions_company_idx" ON "punchout_requisitions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "punchout_sessions_company_idx" ON "punchout_sessions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "punchout_settings_cxml_identity_idx" ON "punchout_settings" USING btree (lower("cxml_domain"),"cxml_identity");