import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/routes';
import { isHomeRoutePath } from '@/config/routes';

describe('safeReturnPath (where login and sign-up return to)', () => {
  it.each([
    ['/dashboard/myorder', '/dashboard/myorder'],
    ['/tools/abc?x=1#top', '/tools/abc?x=1#top'],
    ['/a/../dashboard', '/dashboard'],
  ])('keeps the path on this site %j → %j', (from, expected) => {
    expect(safeReturnPath(from)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example/',
    'evil.example',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example/phish',
    '/\n/evil.example',
    '/.//evil.example',
    'javascript:alert(1)',
  ])('sends %j home instead of off the site', (from) => {
    expect(safeReturnPath(from)).toBe('/');
  });
});

describe('the site map (config/routes.ts)', () => {
  it.each([
    ['/home', true],
    ['/home/default', true],
    ['/home/other', true],
    ['/', false],
    ['/homeware', false],
  ])('names the home page cached route %j: %j', (pathname, expected) => {
    expect(isHomeRoutePath(pathname)).toBe(expected);
  });
});
