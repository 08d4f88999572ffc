import { expect, test } from './fixtures';
import { signInWithSession } from './helpers';

test.describe('home', () => {
  test('renders in English for an English browser', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Creative-finance deals, first-class.');
    await expect(page).toHaveTitle('Home | DealClub');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Join as a buyer' })).toHaveAttribute(
      'href',
      '/signup/buyer',
    );
    await expect(page.getByRole('link', { name: 'Join as a seller' })).toHaveAttribute(
      'href',
      '/signup/seller',
    );
  });

  test.describe('with a Spanish browser', () => {
    test.use({ locale: 'es-MX' });

    test('renders in Spanish', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Tratos con financiamiento creativo, de primera.',
      );
      await expect(page).toHaveTitle('Inicio | DealClub');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(
        page.getByRole('contentinfo').getByRole('link', { name: 'Términos del servicio' }),
      ).toBeVisible();
    });
  });
});

test.describe('language choice', () => {
  test('switches at once, confirms with a toast and survives a reload', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');

    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Español' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos del servicio');
    await expect(page).toHaveTitle('Términos del servicio | DealClub');
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Idioma actualizado');
    await expect(toast).toContainText('Idioma cambiado a Español');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Términos del servicio');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toContainText('Español');
  });

  test('shows one toast at a time', async ({ page }) => {
    await page.goto('/');
    const select = page.getByRole('combobox', { name: /Language|Idioma/ });
    await select.click();
    await page.getByRole('option', { name: 'Español' }).click();
    const toasts = page.getByTestId('toast');
    await expect(toasts).toHaveText(/Idioma cambiado a Español/);
    await select.click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toHaveText(/Language set to English/);
  });
});

test.describe('not found', () => {
  test.use({ allowConsole: [/status of 404/] });

  test('an unknown route shows the not-found page with a 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle('Page not found | DealClub');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL('/');
  });

  // Every screen of the route table is built (issue 15 built the last): a path past a screen's is
  // not one of them, and gets the not-found page rather than the screen or a placeholder.
  test('a path past a screen’s shows the not-found page, not the screen', async ({ page }) => {
    const response = await page.goto('/deals/123/analytics/extra');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  });
});

test.describe('header', () => {
  test('clears the sticky header and the feedback button when scrolling to the focus, and honours reduced motion', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('header').first()).toBeVisible();
    // Read in one step in the page: the header rendered while the page loads is replaced by the
    // app's own, so a handle taken a moment before may already be detached (a clean CI run).
    const clearance = () =>
      page.evaluate(() => {
        const header = document.querySelector('header')?.getBoundingClientRect();
        const style = getComputedStyle(document.documentElement);
        return {
          top: header && header.height > 0 ? parseFloat(style.scrollPaddingTop) - header.height : null,
          bottom: parseFloat(style.scrollPaddingBottom),
        };
      });
    await expect.poll(async () => (await clearance()).top).not.toBeNull();
    const { top, bottom } = await clearance();
    expect(top).toBeGreaterThanOrEqual(0);
    // The feedback button: 48 px high, 16 px above the bottom.
    expect(bottom).toBeGreaterThanOrEqual(64);

    const pulse = () =>
      page.evaluate(() => {
        const probe = document.createElement('div');
        probe.className = 'animate-pulse';
        document.body.append(probe);
        const duration = parseFloat(getComputedStyle(probe).animationDuration);
        probe.remove();
        return duration;
      });
    expect(await pulse()).toBeGreaterThan(1);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await pulse()).toBeLessThan(0.01);
  });

  test('fits a 320 px window signed in (400 % zoom of 1280 px): the menu button keeps its name, not its width', async ({
    page,
  }) => {
    await signInWithSession(page, 'seller@demo.test');
    await page.setViewportSize({ width: 320, height: 800 });
    for (const path of ['/deals', '/chat', '/help']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const menu = page.getByRole('button', { name: 'Sam', exact: true });
      await expect(menu).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  });

  test('shows Login and Sign up in the bar from 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 800 });
    await page.goto('/');
    const nav = page.getByTestId('desktop-nav');
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  });

  test('collapses into a menu below 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 800 });
    await page.goto('/');
    await expect(page.getByTestId('desktop-nav')).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('navigation', { name: 'Main' });
    await expect(list.getByRole('link', { name: 'Login' })).toBeVisible();
    await list.getByRole('link', { name: 'Sign up' }).click();
    // Navigating closes the menu.
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  test('is sticky and its logo leads home', async ({ page }) => {
    await page.goto('/privacy');
    await page.mouse.wheel(0, 2000);
    await expect(page.getByRole('banner')).toBeInViewport();
    await page.getByRole('link', { name: 'DealClub home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('footer links go where the spec says', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await expect(footer.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup/buyer');
    await expect(footer.getByRole('link', { name: 'Feature roadmap' })).toHaveAttribute('href', '/features');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });
});

test.describe('content pages', () => {
  for (const [url, title] of [
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/accessibility', 'Accessibility'],
    ['/unauthorized', 'Unauthorized'],
  ] as const) {
    test(`${url} has its title`, async ({ page }) => {
      await page.goto(url);
      await expect(page).toHaveTitle(`${title} | DealClub`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test.describe('accessibility', () => {
  test.use({ allowConsole: [/status of 404/] });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });

  test('F8 moves focus to the notifications region', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.keyboard.press('F8');
    const focusedInRegion = page.getByRole('region', { name: 'Notifications (F8)' }).locator(':focus');
    await expect(focusedInRegion).toHaveCount(1);
  });
});
