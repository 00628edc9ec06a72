// How the shop writes numbers, everywhere: one place, so a page can never show "3000" beside "3,000".
import type { ShipToAddress } from '@/lib/types';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');
// Fixed to UTC: the server renders and the browser hydrates the same text.
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' });

/** Dollars as "$1,234.50" (docs/PRODUCT.md, Constants: prices in USD). */
export const formatUsd = (dollars: number) => usd.format(dollars);

/** Integer cents, as the database and mail data hold them, written like formatUsd: "$1,234.50". */
export const formatCents = (cents: number) => usd.format(cents / 100);

/** A whole number with thousands separators: "3,000". */
export const formatCount = (value: number) => count.format(value);

/** Quantities are in pieces (docs/PRODUCT.md, Constants): "3,000 pieces". */
export const formatPieces = (value: number) => `${count.format(value)} pieces`;

/** An order's short number as people say it: "#1042". */
export const formatOrderNumber = (value: number) => `#${value}`;

/** An ISO timestamp as the day it fell on: "Nov 24, 2026". */
export const formatDay = (iso: string) => day.format(new Date(iso));

/** A checkout's number as people say it: "C-1001", apart from the order numbers of its lines. */
export const formatCheckoutNumber = (value: number) => `C-${value}`;

/** A quote's number as people say it: Q-1001. */
export const formatQuoteNumber = (value: number) => `Q-${value}`;

/** An ISO timestamp to the minute, in the same words as formatDay: "Nov 24, 2026, 3:05 PM UTC". */
export const formatDateTime = (iso: string) => {
  const at = new Date(iso);
  return `${day.format(at)}, ${time.format(at)} UTC`;
};

/** A shipment as people read it: "S-1001". */
export const formatShipmentNumber = (value: number) => `S-${value}`;

/** An address as one block of text, the way every order view, packing slip and invoice prints `address`. */
export function formatShipTo(address: ShipToAddress): string {
  return [
    address.recipient,
    address.companyName,
    address.street,
    [address.postcode, address.city].join(' '),
    address.region,
    address.country,
  ]
    .filter(Boolean)
    .join(', ');
}
