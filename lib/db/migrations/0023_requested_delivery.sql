-- The day a buyer asks to receive an order (checkout) or a quoted order (quote request); optional, a plain date.
ALTER TABLE "checkouts" ADD COLUMN "requested_delivery_on" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "requested_delivery_on" date;
