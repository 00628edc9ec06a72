import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '@/lib/routes';
import { dashboardMenuFor, isAdminPath, isHomeRoutePath } from '@/config/routes';

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
    ['/dashboard/manageproduct', true],
    ['/dashboard/manageproduct/0b6f6a3e-9a7e-4f0e-8d53-3b1c7a1f2a10', true],
    ['/dashboard/mail/1', true],
    ['/dashboard/manageuser', true],
    ['/dashboard', false],
    ['/dashboard/myorder', false],
    ['/dashboard/manageproducts', false],
  ])('admin path %j: %j', (pathname, admin) => {
    expect(isAdminPath(pathname)).toBe(admin);
  });

  it('every admin menu item is an admin path, and no customer item is', () => {
    const admin = dashboardMenuFor('admin').filter((item) => item.href !== '/dashboard');
    const customer = dashboardMenuFor('customer').filter((item) => item.href !== '/dashboard');
    expect(admin.every((item) => isAdminPath(item.href))).toBe(true);
    expect(customer.some((item) => isAdminPath(item.href))).toBe(false);
  });

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
