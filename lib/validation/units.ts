import './fields';
import { z } from 'zod';

// What a product is sold by, as UN/ECE Recommendation 20 codes: the codes procurement systems (cXML's UnitOfMeasure,
// OCI's NEW_ITEM-UNIT) and e-invoices expect. A curated list, not Rec 20's two thousand codes: a tool shop sells by
// these, and a typo of a real code ("C26") is refused instead of reaching a buyer's purchase order.

/** The units a product may be sold by: code → the name people read. */
export const UNITS_OF_MEASURE = {
  C62: 'piece',
  H87: 'piece (counted)',
  EA: 'each',
  PR: 'pair',
  SET: 'set',
  KT: 'kit',
  XBX: 'box',
  XPK: 'pack',
  XRO: 'roll',
  MTR: 'metre',
  CMT: 'centimetre',
  MMT: 'millimetre',
  FOT: 'foot',
  INH: 'inch',
  KGM: 'kilogram',
  GRM: 'gram',
  LBR: 'pound',
  LTR: 'litre',
  MTK: 'square metre',
} as const;

export type UnitOfMeasure = keyof typeof UNITS_OF_MEASURE;

/** A product's unit unless an admin says otherwise: one piece. */
export const DEFAULT_UNIT: UnitOfMeasure = 'C62';

const UNIT_CODES = Object.keys(UNITS_OF_MEASURE) as [UnitOfMeasure, ...UnitOfMeasure[]];

export const unitOfMeasureSchema = z.enum(UNIT_CODES, {
  error:
    'Unit of measure must be a UN/ECE Rec 20 code the shop sells by (C62 piece, PR pair, SET set, …)',
});

/** UNSPSC: eight digits (segment, family, class, commodity, two each). */
export const UNSPSC_PATTERN = /^\d{8}$/;
export const unspscSchema = z
  .string({ error: 'UNSPSC must be text' })
  .trim()
  .regex(UNSPSC_PATTERN, { error: 'UNSPSC must be 8 digits' });

/** "C62" → "piece"; an unknown code reads as itself. */
export const unitName = (code: string): string =>
  (UNITS_OF_MEASURE as Record<string, string>)[code] ?? code;
