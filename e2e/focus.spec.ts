import { expect, test, type Page } from '@playwright/test';
import { ADMIN, dashboardMenu, navbar, submitLogin } from './helpers';

// Keyboard focus is a clear 2 px ring on every control a Tab reaches, in the header, a form and a dialog, and it
// looks different from the current page's highlight in the dashboard menu.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

interface FocusStyle {
  element: string;
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  boxShadow: string;
}

/** The focused element's ring as the browser computed it. */
const focusStyle = (page: Page) =>
  page.evaluate((): FocusStyle | null => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40);
    return {
      element: `${element.tagName.toLowerCase()} "${name ?? ''}"`,
      outlineStyle: style.outlineStyle,
      outlineWidth: parseFloat(style.outlineWidth),
      outlineColor: style.outlineColor,
      boxShadow: style.boxShadow,
    };
  });

/** A colour the eye can see: neither `transparent` nor one with a zero alpha. */
const opaque = (colour: string) =>
  colour !== 'transparent' &&
  !/[/,]\s*0(\.0+)?\s*\)$/.test(colour) &&
  !/^rgba\(0, 0, 0, 0\)$/.test(colour);

function expectRing(style: FocusStyle | null, where: string) {
  expect(style, `${where}: nothing has the focus`).not.toBeNull();
  const ring =
    (style!.outlineStyle !== 'none' && style!.outlineWidth >= 2 && opaque(style!.outlineColor)) ||
    (style!.boxShadow !== 'none' && style!.boxShadow !== '');
  expect(ring, `${where}: ${style!.element} shows no focus ring (${JSON.stringify(style)})`).toBe(
    true,
  );
}

/** Tabs `count` times (or until a stop matches `until`), checking the ring on every stop. */
async function tabThrough(page: Page, count: number, where: string, until?: RegExp) {
  const seen: string[] = [];
  for (let step = 0; step < count; step++) {
    await page.keyboard.press('Tab');
    const style = await focusStyle(page);
    expectRing(style, `${where}, Tab ${step + 1}`);
    seen.push(style!.element);
    if (until?.test(style!.element)) break;
  }
  return seen;
}

for (const { name: width, viewport } of WIDTHS) {
  test.describe(width, () => {
    test.use({ viewport });

    test('every Tab stop in the header, the login form and a confirmation shows a 2 px ring', async ({
      page,
    }) => {
      await page.goto('/');
      // The header: skip link, menu (phone), brand, links, search, Log In.
      const header = await tabThrough(page, 15, 'header', /Log In/);
      await page.screenshot({ path: `/tmp/shots-comforts/focus-header-${width}.png` });
      expect(header.at(-1)).toMatch(/Log In/);
      expect(header.length).toBeGreaterThan(2);

      // A form: Log In (followed with the keyboard), then its fields and button.
      await navbar(page).getByRole('link', { name: 'Log In' }).focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/login/);
      await page.getByLabel('Email', { exact: true }).focus();
      expectRing(await focusStyle(page), 'login email');
      const form = await tabThrough(page, 3, 'login form');
      await page.screenshot({ path: `/tmp/shots-comforts/focus-form-${width}.png` });
      expect(form.length).toBe(3);

      // A dialog: All Products' Remove asks first; its two buttons get the ring too (a modal's Tab order ends there).
      await submitLogin(page, ADMIN.email, ADMIN.password);
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto('/dashboard/manageproduct');
      const remove = page
        .getByRole('button', { name: /^Remove / })
        .filter({ visible: true })
        .first();
      await remove.focus();
      expectRing(await focusStyle(page), 'Remove');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      expectRing(await focusStyle(page), 'dialog opened');
      const opened = (await focusStyle(page))!.element;
      const inDialog = await tabThrough(page, 1, 'dialog');
      expect(`${opened} ${inDialog.join(' ')}`).toMatch(/Cancel.*Remove/);
      await page.screenshot({ path: `/tmp/shots-comforts/focus-dialog-${width}.png` });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    });

    test('the current page’s menu highlight has no ring until the keyboard reaches it', async ({
      page,
    }) => {
      await page.goto('/login');
      await submitLogin(page, ADMIN.email, ADMIN.password);
      await page.waitForURL((url) => url.pathname !== '/login');
      await page.goto('/dashboard/manageproduct');
      if (width === 'phone')
        await page.getByRole('button', { name: 'Open dashboard menu' }).click();
      const current = dashboardMenu(page).locator('a[aria-current="page"]');
      await expect(current).toBeVisible();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const before = await current.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(before).toBe('none');
      await current.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      expectRing(await focusStyle(page), 'current menu item');
      await page.screenshot({ path: `/tmp/shots-comforts/focus-menu-${width}.png` });
    });
  });
}
