-- Tax by where the buyer is (lib/tax/): a tool's rate class, each order line's VAT category, rate and tax (rounded
-- half up per line), and the buyer's country and buyer reference beside the company details. Hand-written: existing
-- lines were placed by a seller with no VAT charged, so they are not subject (O) at 0.
ALTER TABLE "tools" ADD COLUMN "tax_rate_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_tax_rate_class" CHECK ("tools"."tax_rate_class" IN ('standard', 'reduced'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_category" text DEFAULT 'O' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_category" CHECK ("orders"."tax_category" IN ('S', 'AE', 'G', 'O'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_rounded_per_line" CHECK ("orders"."tax_cents" = ("orders"."total_cents" * "orders"."tax_rate_bp" + 5000) / 10000);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "buyer_reference" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_country_code" CHECK ("companies"."country" ~ '^[A-Z]{2}$');
