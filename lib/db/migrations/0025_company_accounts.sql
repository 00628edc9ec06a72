-- Company accounts. The per-account company details ("companies", keyed by the account) and net terms
-- ("credit_terms") become companies of their own: every account that had either is the owner of a one-member company
-- holding both, and its orders, quotes and invoices are that company's.
ALTER TABLE "companies" RENAME TO "legacy_companies";
--> statement-breakpoint
ALTER TABLE "legacy_companies" RENAME CONSTRAINT "companies_pkey" TO "legacy_companies_pkey";
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tax_id" text,
	"billing_address" text,
	"country" text,
	"buyer_reference" text,
	"net_days" integer,
	"credit_limit_cents" bigint,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_country_code" CHECK ("companies"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "companies_net_days" CHECK ("companies"."net_days" IN (15, 30, 60)),
	CONSTRAINT "companies_limit_non_negative" CHECK ("companies"."credit_limit_cents" >= 0),
	CONSTRAINT "companies_terms_whole" CHECK (("companies"."net_days" IS NULL) = ("companies"."credit_limit_cents" IS NULL)),
	CONSTRAINT "companies_discount_range" CHECK ("companies"."discount_bp" BETWEEN 0 AND 9000)
);
--> statement-breakpoint
CREATE TABLE "company_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"label" text NOT NULL,
	"recipient" text NOT NULL,
	"company_name" text,
	"street" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"region" text,
	"country" text NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_addresses_country_code" CHECK ("company_addresses"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"spending_limit_cents" bigint,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "company_invitations_role" CHECK ("company_invitations"."role" IN ('owner', 'approver', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"spending_limit_cents" bigint,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role" CHECK ("company_members"."role" IN ('owner', 'approver', 'buyer')),
	CONSTRAINT "company_members_limit_non_negative" CHECK ("company_members"."spending_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_prices" (
	"company_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"price_cents" bigint NOT NULL,
	CONSTRAINT "company_prices_company_id_tool_id_pk" PRIMARY KEY("company_id","tool_id"),
	CONSTRAINT "company_prices_positive" CHECK ("company_prices"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "company_id" uuid;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "ship_to" jsonb;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approval" text;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approval_expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approved_by" uuid;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "approved_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "company_id" uuid;
--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "company_id" uuid;
--> statement-breakpoint
ALTER TABLE "company_addresses" ADD CONSTRAINT "company_addresses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "company_prices" ADD CONSTRAINT "company_prices_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "company_addresses_company_idx" ON "company_addresses" USING btree ("company_id","created_at");
--> statement-breakpoint
CREATE INDEX "company_invitations_company_idx" ON "company_invitations" USING btree ("company_id","created_at");
--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id");
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "checkouts_company_idx" ON "checkouts" USING btree ("company_id","created_at");
--> statement-breakpoint
CREATE INDEX "checkouts_awaiting_idx" ON "checkouts" USING btree ("approval_expires_at") WHERE "checkouts"."approval" = 'awaiting';
--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","status");
--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree ("company_id","created_at");
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_approval" CHECK ("checkouts"."approval" IN ('awaiting', 'approved'));
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_awaiting_expires" CHECK ("checkouts"."approval" IS DISTINCT FROM 'awaiting' OR "checkouts"."approval_expires_at" IS NOT NULL);
--> statement-breakpoint
CREATE TEMPORARY TABLE "company_of_account" AS
SELECT u."id" AS "user_id", gen_random_uuid() AS "company_id",
       coalesce(nullif(trim(lc."company_name"), ''), u."name", u."email") AS "name",
       lc."tax_id", lc."billing_address", lc."country", lc."buyer_reference",
       ct."net_days", ct."credit_limit_cents"
FROM "users" u
LEFT JOIN "legacy_companies" lc ON lc."user_id" = u."id"
LEFT JOIN "credit_terms" ct ON ct."user_id" = u."id"
WHERE lc."user_id" IS NOT NULL OR ct."user_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "companies" ("id", "name", "tax_id", "billing_address", "country", "buyer_reference", "net_days",
                         "credit_limit_cents")
SELECT "company_id", "name", "tax_id", "billing_address", "country", "buyer_reference", "net_days",
       "credit_limit_cents"
FROM "company_of_account";
--> statement-breakpoint
INSERT INTO "company_members" ("user_id", "company_id", "role")
SELECT "user_id", "company_id", 'owner' FROM "company_of_account";
--> statement-breakpoint
UPDATE "checkouts" SET "company_id" = m."company_id" FROM "company_members" m WHERE "checkouts"."user_id" = m."user_id";
--> statement-breakpoint
UPDATE "quotes" SET "company_id" = m."company_id" FROM "company_members" m WHERE "quotes"."user_id" = m."user_id";
--> statement-breakpoint
UPDATE "invoices" SET "company_id" = m."company_id" FROM "company_members" m WHERE "invoices"."user_id" = m."user_id";
--> statement-breakpoint
DROP TABLE "company_of_account";
--> statement-breakpoint
DROP TABLE "legacy_companies";
--> statement-breakpoint
DROP TABLE "credit_terms";
