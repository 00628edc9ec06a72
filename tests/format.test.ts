import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatOrderNumber, formatPieces, formatUsd } from '@/lib/format';

describe('lib/format: one way to write numbers', () => {
  it('writes dollars with cents and thousands separators', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(8.95)).toBe('$8.95');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('writes counts and pieces with thousands separators', () => {
    expect(formatCount(3000)).toBe('3,000');
    expect(formatPieces(3000)).toBe('3,000 pieces');
    expect(formatPieces(50)).toBe('50 pieces');
  });

  it('writes order numbers with a hash and dates as the UTC day', () => {
    expect(formatOrderNumber(1042)).toBe('#1042');
    expect(formatDay('2026-11-24T23:59:59.000Z')).toBe('Nov 24, 2026');
    expect(formatDay('2026-01-01T00:00:00.000Z')).toBe('Jan 1, 2026');
  });
});
