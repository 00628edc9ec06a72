-- Money in 64-bit cents: a 32-bit column stopped at $21,474,836.47.
ALTER TABLE "tools" ALTER COLUMN "price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "unit_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_intents" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "credit_terms" ALTER COLUMN "credit_limit_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "paid_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "quote_lines" ALTER COLUMN "unit_price_cents" SET DATA TYPE bigint;--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"checkout_id" uuid,
	"invoice_id" uuid,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"reference" text NOT NULL,
	"paid_on" date,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "payments_kind" CHECK ("payments"."kind" IN ('card', 'transfer', 'refund_owed', 'refund_paid', 'credit_note')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_one_payee" CHECK (("payments"."order_id" IS NULL) <> ("payments"."checkout_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_checkout_idx" ON "payments" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_card_once" ON "payments" USING btree ("reference") WHERE "payments"."kind" = 'card';--> statement-breakpoint
-- The recorded bank transfers, as they were.
INSERT INTO "payments" ("order_id", "checkout_id", "invoice_id", "kind", "amount_cents", "reference", "paid_on", "recorded_by", "created_at")
SELECT i."order_id", i."checkout_id", p."invoice_id", 'transfer', p."amount_cents", p."reference", p."paid_on", p."recorded_by", p."created_at"
FROM "invoice_payments" p JOIN "invoices" i ON i."id" = p."invoice_id";--> statement-breakpoint
-- Card payments: an order placed alone or a checkout paid with a gateway's id (a transfer that settled an invoice
-- wrote the invoice's number instead), for the total the intent was made for.
INSERT INTO "payments" ("order_id", "kind", "amount_cents", "reference", "created_at")
SELECT "id", 'card', "total_cents", "transaction_id", coalesce("paid_at", "created_at") FROM "orders"
WHERE "paid" AND "checkout_id" IS NULL AND "transaction_id" IS NOT NULL AND "transaction_id" !~ '^INV-';--> statement-breakpoint
INSERT INTO "payments" ("checkout_id", "kind", "amount_cents", "reference", "created_at")
SELECT c."id", 'card', c."total_cents", c."transaction_id",
       coalesce((SELECT max(o."paid_at") FROM "orders" o WHERE o."checkout_id" = c."id"), c."created_at")
FROM "checkouts" c WHERE c."transaction_id" IS NOT NULL AND c."transaction_id" !~ '^INV-';--> statement-breakpoint
-- Credit notes write their invoice off.
INSERT INTO "payments" ("order_id", "checkout_id", "invoice_id", "kind", "amount_cents", "reference", "created_at")
SELECT "order_id", "checkout_id", "id", 'credit_note', "total_cents", "number", "issued_at" FROM "invoices"
WHERE "kind" = 'credit_note' AND "total_cents" > 0;--> statement-breakpoint
-- What was collected beyond what was owed (a card on top of a transfer, a part-paid order cancelled) is owed back.
INSERT INTO "payments" ("order_id", "checkout_id", "kind", "amount_cents", "reference", "created_at")
SELECT "order_id", "checkout_id", 'refund_owed', "excess", 'Collected beyond the amount due', now() FROM (
  SELECT "order_id", "checkout_id",
         sum(CASE WHEN "kind" IN ('card', 'transfer', 'credit_note') THEN "amount_cents" ELSE 0 END)
           - coalesce((SELECT i."total_cents" FROM "invoices" i WHERE i."kind" = 'invoice'
                        AND (i."order_id" = g."order_id" OR i."checkout_id" = g."checkout_id")),
                      (SELECT o."total_cents" FROM "orders" o WHERE o."id" = g."order_id"),
                      (SELECT c."total_cents" FROM "checkouts" c WHERE c."id" = g."checkout_id"), 0) AS "excess"
  FROM "payments" g GROUP BY "order_id", "checkout_id"
) AS "balances" WHERE "excess" > 0;--> statement-breakpoint
DROP TABLE "invoice_payments";
