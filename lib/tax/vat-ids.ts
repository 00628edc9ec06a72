/**
 * The EU member states by their ISO 3166-1 code, and the format of each one's VAT id after its prefix (the formats
 * VIES checks; Greece's prefix is EL). A format check only: whether the number is registered is VIES's to say.
 */
const VAT_ID_FORMATS: Record<string, { prefix: string; digits: RegExp }> = {
  AT: { prefix: 'AT', digits: /^U\d{8}$/ },
  BE: { prefix: 'BE', digits: /^[01]\d{9}$/ },
  BG: { prefix: 'BG', digits: /^\d{9,10}$/ },
  CY: { prefix: 'CY', digits: /^\d{8}[A-Z]$/ },
  CZ: { prefix: 'CZ', digits: /^\d{8,10}$/ },
  DE: { prefix: 'DE', digits: /^\d{9}$/ },
  DK: { prefix: 'DK', digits: /^\d{8}$/ },
  EE: { prefix: 'EE', digits: /^\d{9}$/ },
  ES: { prefix: 'ES', digits: /^[A-Z0-9]\d{7}[A-Z0-9]$/ },
  FI: { prefix: 'FI', digits: /^\d{8}$/ },
  FR: { prefix: 'FR', digits: /^[A-HJ-NP-Z0-9]{2}\d{9}$/ },
  GR: { prefix: 'EL', digits: /^\d{9}$/ },
  HR: { prefix: 'HR', digits: /^\d{11}$/ },
  HU: { prefix: 'HU', digits: /^\d{8}$/ },
  IE: { prefix: 'IE', digits: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/ },
  IT: { prefix: 'IT', digits: /^\d{11}$/ },
  LT: { prefix: 'LT', digits: /^(\d{9}|\d{12})$/ },
  LU: { prefix: 'LU', digits: /^\d{8}$/ },
  LV: { prefix: 'LV', digits: /^\d{11}$/ },
  MT: { prefix: 'MT', digits: /^\d{8}$/ },
  NL: { prefix: 'NL', digits: /^\d{9}B\d{2}$/ },
  PL: { prefix: 'PL', digits: /^\d{10}$/ },
  PT: { prefix: 'PT', digits: /^\d{9}$/ },
  RO: { prefix: 'RO', digits: /^\d{2,10}$/ },
  SE: { prefix: 'SE', digits: /^\d{12}$/ },
  SI: { prefix: 'SI', digits: /^\d{8}$/ },
  SK: { prefix: 'SK', digits: /^\d{10}$/ },
};

export const isEuCountry = (country: string) => country in VAT_ID_FORMATS;

/** A VAT id as it is compared: upper case, without spaces, dots and dashes ("de 123.456.789" → "DE123456789"). */
export const normalizeVatId = (vatId: string) => vatId.toUpperCase().replace(/[\s.-]/g, '');

/** Whether `vatId` has the format of a VAT id of `country` (an EU member state), its prefix included. */
export function isVatIdOf(country: string, vatId: string): boolean {
  const format = VAT_ID_FORMATS[country];
  if (!format) return false;
  const id = normalizeVatId(vatId);
  return id.startsWith(format.prefix) && format.digits.test(id.slice(format.prefix.length));
}
