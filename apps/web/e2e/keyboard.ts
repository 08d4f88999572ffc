import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Keyboard-only journeys (issue 31): helpers that move the focus with the keys a keyboard user
 * presses, and check at each step that the focus is somewhere and shows (WCAG 2.1.1, 2.4.3, 2.4.7).
 */

/** What the focused element is and how its focus shows, read in the page. */
interface FocusReport {
  /** The focused element, as `tag#id.name`-ish text for the failure message; '' when none. */
  element: string;
  onBody: boolean;
  focusVisible: boolean;
  /** Its outline (style and width) or box shadow, when one shows; '' when neither does. */
  indicator: string;
}

function readFocus(): FocusReport {
  const active = document.activeElement;
  if (!active || active === document.body || active === document.documentElement) {
    return { element: active?.tagName.toLowerCase() ?? '', onBody: true, focusVisible: false, indicator: '' };
  }
  const name =
    active.getAttribute('aria-label') ??
    active.getAttribute('name') ??
    (active.textContent ?? '').trim().slice(0, 40);
  const element = `${active.tagName.toLowerCase()}${active.id ? `#${active.id}` : ''} "${name}"`;
  const style = getComputedStyle(active);
  const outlineWidth = parseFloat(style.outlineWidth) || 0;
  const indicator =
    style.outlineStyle !== 'none' && outlineWidth > 0
      ? `outline ${style.outlineStyle} ${style.outlineWidth}`
      : style.boxShadow && style.boxShadow !== 'none'
        ? `box-shadow ${style.boxShadow}`
        : '';
  // A date or time field's focus is on one of its parts, inside the browser's own shadow tree: the
  // field itself matches `:focus` but not `:focus-visible` in Chromium, though its focus shows.
  const parts =
    active instanceof HTMLInputElement && /^(date|time|datetime-local|month|week)$/.test(active.type);
  const focusVisible = active.matches(':focus-visible') || (parts && active.matches(':focus'));
  // Its last stop is the calendar button of the browser's own shadow tree: the field then matches
  // neither `:focus` nor a page style, and Chromium draws its own ring around that button.
  if (parts && !active.matches(':focus')) {
    return {
      element,
      onBody: false,
      focusVisible: true,
      indicator: "the browser's ring on the calendar button",
    };
  }
  return { element, onBody: false, focusVisible, indicator };
}

/**
 * The focus is on an element (not the body), which matches `:focus-visible` and shows it: an
 * outline of some width, or a box shadow (the rings of the form fields).
 */
export async function expectFocusVisible(page: Page, step = '') {
  // Read again for a moment: the page may still be applying the key (a date field's part taking
  // the focus, a re-render), which a single read can catch halfway.
  await expect
    .poll(async () => focusProblem(await page.evaluate(readFocus)), {
      message: `${step || 'the focus'}: the focus shows`,
      timeout: 2_000,
    })
    .toBe('');
}

/** What is wrong with the focus, '' when nothing. */
function focusProblem(focus: FocusReport): string {
  if (focus.onBody) return `the focus fell to the body (${focus.element || 'nothing'})`;
  if (!focus.focusVisible) return `${focus.element} does not match :focus-visible`;
  if (!focus.indicator) return `${focus.element} has no visible focus indicator`;
  return '';
}

/** Whether `target` (one element) has the focus now; false while it is not in the page. */
async function hasFocus(target: Locator) {
  return target
    .evaluateAll((elements) => elements.length === 1 && elements[0] === document.activeElement)
    .catch(() => false);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, at most `max` times, checking
 * after each press that the focus shows (expectFocusVisible). Returns the number of presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { back = false, max = 60 }: { back?: boolean; max?: number } = {},
): Promise<number> {
  return pressTo(page, target, back ? 'Shift+Tab' : 'Tab', max);
}

/**
 * Presses `key` (an arrow key in a radio group or a menu, Tab…) until `target` has the focus, at
 * most `max` times, checking after each press that the focus shows. Returns the number of presses.
 */
export async function pressTo(page: Page, target: Locator, key: string, max = 60): Promise<number> {
  // A person presses toward a control they can see. A screen renders its data, or a part of it
  // (the closing room's panels), a moment after its heading: keys pressed before the control is
  // there pass its place, run through the footer and leave the page (CI on 99151a3).
  await expect(target.first()).toBeAttached({ timeout: 15_000 });
  for (let presses = 0; presses <= max; presses++) {
    if (presses > 0) {
      await page.keyboard.press(key);
      await expectFocusVisible(page, `after ${key} ×${presses}`);
    }
    if (await hasFocus(target)) return presses;
  }
  throw new Error(`${target} was not reached with ${max} presses of ${key}`);
}

/**
 * Where the focus landed (after a dialog closed, a save, a deletion): on exactly one element that
 * is in the page, and it is `target`.
 */
export async function expectFocusOn(page: Page, target: Locator) {
  await expect(page.locator(':focus')).toHaveCount(1);
  await expect(target).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.isConnected ?? false)).toBe(true);
}

/** Whether `locator` (one element) is inside a live region: aria-live, or a role that implies it. */
export async function inLiveRegion(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) =>
    Boolean(
      element.closest(
        '[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="log"], [role="alert"]',
      ),
    ),
  );
}
