import { describe, expect, it } from 'vitest';
import { lineTaxCents, taxBreakdown, taxTotals } from '@/lib/tax/rounding';
import {
  EXPORT_NOTE,
  NOT_SUBJECT_NOTE,
  rateFor,
  REVERSE_CHARGE_NOTE,
  taxTreatment,
} from '@/lib/tax/rules';
import type { SellerTaxProfile } from '@/lib/tax/seller';
import { isVatIdOf } from '@/lib/tax/vat-ids';

const seller = (overrides: Partial<SellerTaxProfile> = {}): SellerTaxProfile => ({
  name: 'Toolhaus GmbH',
  address: 'Werkstr. 1, Berlin',
  country: 'DE',
  taxId: '27/123/45678',
  vatId: 'DE123456789',
  bank: 'Spree Bank',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  contact: { name: 'AR', email: 'ar@example.com', phone: '+49 30 1' },
  standardRatePercent: 19,
  reducedRatePercent: 7,
  ...overrides,
});

describe('VAT id formats of EU member states', () => {
  it.each([
    ['DE', 'DE123456789', true],
    ['DE', 'de 123 456 789', true],
    ['DE', 'DE12345678', false],
    ['FR', 'FR40303265045', true],
    ['FR', 'FRIO303265045', false],
    ['NL', 'NL123456789B01', true],
    ['NL', 'NL123456789', false],
    ['IT', 'IT12345678901', true],
    ['ES', 'ESX1234567X', true],
    ['ES', 'ES12345678', false],
    ['AT', 'ATU12345678', true],
    ['AT', 'AT12345678', false],
    ['BE', 'BE0123456789', true],
    ['BE', 'BE2123456789', false],
    ['PL', 'PL1234567890', true],
    ['GR', 'EL123456789', true],
    ['GR', 'GR123456789', false],
    ['DE', 'FR40303265045', false],
    ['US', 'US123456789', false],
    ['DE', 'not a vat id', false],
  ])('%s %s: %s', (country, id, valid) => {
    expect(isVatIdOf(country, id)).toBe(valid);
  });
});

describe('tax rules, each branch', () => {
  it('charges the standard rate at home, and when the buyer gave no country', () => {
    for (const buyer of [
      { country: 'DE', vatId: 'DE987654321' },
      { country: null, vatId: null },
    ]) {
      expect(taxTreatment(seller(), buyer)).toEqual({
        category: 'S',
        note: null,
        exemptionCode: null,
      });
    }
  });

  it('reverse charges a business of another EU country with a VAT id of that country', () => {
    expect(taxTreatment(seller(), { country: 'FR', vatId: 'FR40303265045' })).toEqual({
      category: 'AE',
      note: 'Reverse charge – VAT to be accounted for by the recipient',
      exemptionCode: 'VATEX-EU-AE',
    });
    expect(REVERSE_CHARGE_NOTE).toBe('Reverse charge – VAT to be accounted for by the recipient');
  });

  it('charges the standard rate in another EU country without a valid VAT id of that country', () => {
    expect(taxTreatment(seller(), { country: 'FR', vatId: null }).category).toBe('S');
    expect(taxTreatment(seller(), { country: 'FR', vatId: 'DE987654321' }).category).toBe('S');
    expect(taxTreatment(seller(), { country: 'NL', vatId: 'NL123' }).category).toBe('S');
  });

  it('exports outside the tax area at 0 %', () => {
    expect(taxTreatment(seller(), { country: 'US', vatId: null })).toEqual({
      category: 'G',
      note: EXPORT_NOTE,
      exemptionCode: 'VATEX-EU-G',
    });
    // A seller outside the EU: its tax area is its own country, so an EU business is an export.
    expect(
      taxTreatment(seller({ country: 'CH', vatId: 'CHE123456789' }), {
        country: 'DE',
        vatId: 'DE987654321',
      }).category,
    ).toBe('G');
  });

  it('charges no VAT at all when the seller is not registered (the demo seller)', () => {
    for (const buyer of [
      { country: 'BD', vatId: null },
      { country: 'DE', vatId: 'DE987654321' },
      { country: 'US', vatId: null },
    ]) {
      expect(taxTreatment(seller({ country: 'BD', vatId: null }), buyer)).toEqual({
        category: 'O',
        note: NOT_SUBJECT_NOTE,
        exemptionCode: 'VATEX-EU-O',
      });
    }
  });

  it('gives a standard-rated line its class rate, and every other category 0', () => {
    const home = taxTreatment(seller(), { country: 'DE', vatId: null });
    expect(rateFor(seller(), home, 'standard')).toBe(1900);
    expect(rateFor(seller(), home, 'reduced')).toBe(700);
    expect(rateFor(seller({ standardRatePercent: 7.5 }), home, 'standard')).toBe(750);
    const export_ = taxTreatment(seller(), { country: 'US', vatId: null });
    expect(rateFor(seller(), export_, 'standard')).toBe(0);
  });
});

describe('one rounding rule: per line, half up, in cents', () => {
  // prettier-ignore
  it.each([
    [10_000, 1900, 1_900],
    [1, 1900, 0],      // 0.19 cents
    [3, 1900, 1],      // 0.57
    [50, 1000, 5],
    [5, 1000, 1],      // 0.5 exactly: half up
    [15, 1000, 2],     // 1.5: half up
    [25, 1000, 3],     // 2.5: half up (not to even)
    [999, 750, 75],    // 74.925
    [1_000_000_000, 2500, 250_000_000],
    [12_345, 0, 0],
  ])('net %i cents at %i basis points: %i cents', (net, rate, tax) => {
    expect(lineTaxCents(net, rate)).toBe(tax);
  });

  it('sums lines by category and rate, so net + tax = gross exactly', () => {
    const lines = [
      { category: 'S', rateBasisPoints: 1900, netCents: 5, taxCents: lineTaxCents(5, 1900) },
      { category: 'S', rateBasisPoints: 1900, netCents: 5, taxCents: lineTaxCents(5, 1900) },
      { category: 'S', rateBasisPoints: 700, netCents: 999, taxCents: lineTaxCents(999, 700) },
    ];
    expect(taxBreakdown(lines)).toEqual([
      { category: 'S', rateBasisPoints: 1900, netCents: 10, taxCents: 2 },
      { category: 'S', rateBasisPoints: 700, netCents: 999, taxCents: 70 },
    ]);
    // 0.05 × 19 % = 0.0095 → 0.01 a line: each line is charged its own rounded VAT, and the rate's VAT is their sum.
    expect(taxTotals(lines)).toEqual({ netCents: 1009, taxCents: 72, grossCents: 1081 });
  });
});
