import { centsAsDecimal } from '@/lib/money';
import type { PunchOutItem } from './messages';

// OCI 4.0 (SAP SRM, S/4HANA): the cart goes back as plain form fields posted to HOOK_URL, `NEW_ITEM-<FIELD>[n]` with
// n counting lines from 1. Field lengths are OCI's: a longer text is cut rather than refused by SAP.

const MAX: Record<string, number> = { DESCRIPTION: 40, VENDORMAT: 40, MATGROUP: 10, UNIT: 3 };

const cut = (field: string, value: string) => value.slice(0, MAX[field] ?? value.length);

/** The form fields of the cart, in order: name → value. */
export function ociFields(items: PunchOutItem[]): Array<[string, string]> {
  return items.flatMap((item, index) => {
    const n = index + 1;
    const fields: Array<[string, string]> = [
      ['DESCRIPTION', item.description],
      ['QUANTITY', String(item.quantity)],
      ['PRICE', centsAsDecimal(item.unitPriceCents)],
      ['PRICEUNIT', '1'],
      ['CURRENCY', 'USD'],
      ['UNIT', item.unitOfMeasure],
      ['VENDORMAT', item.supplierPartId],
      ['MATGROUP', item.unspsc ?? ''],
      ['LEADTIME', item.leadTime === undefined ? '' : String(item.leadTime)],
      ['EXT_PRODUCT_ID', item.supplierPartAuxiliaryId],
    ];
    return fields.map(([field, value]): [string, string] => [
      `NEW_ITEM-${field}[${n}]`,
      cut(field, value),
    ]);
  });
}
