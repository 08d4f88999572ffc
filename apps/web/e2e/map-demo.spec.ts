import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/*
 * `/map-optimization-demo` (public): every US ZIP code with generated buyers on a canvas, with its
 * render time and the frame rate while panning, and the same as SVG on demand. The timings are
 * measured by `npm run bench:map-demo`; here, that the page draws every ZIP, that its figures are
 * there, and that a visitor can pan, zoom and compare.
 */

const metric = (page: Page, id: string) => page.getByTestId(id);

test('a visitor sees every US ZIP drawn on the canvas with its render time, pans it and compares with SVG', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/map-optimization-demo');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Map optimization demo');
  await expect(page).toHaveTitle('Map demo | DealClub');

  // Every ZIP of the shipped data in view at the national zoom (41,000 and more).
  await expect(metric(page, 'first-render-ms')).toHaveAttribute('data-value', /^\d+(\.\d+)?$/);
  const drawn = Number(await metric(page, 'dots-drawn').getAttribute('data-value'));
  expect(drawn).toBeGreaterThan(41_000);
  const canvas = page.getByRole('img', { name: /Map of the United States with 4\d,\d{3} ZIP codes/ });
  await expect(canvas).toBeVisible();
  // The canvas has been painted: it is not a blank sheet.
  const painted = await canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let coloured = 0;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 2]! > pixels[i]! + 40) coloured++;
    return coloured;
  });
  expect(painted).toBeGreaterThan(1000);

  // Zooming in leaves ZIPs out of view, and the reset brings every one back.
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect
    .poll(async () => Number(await metric(page, 'dots-drawn').getAttribute('data-value')))
    .toBeLessThan(drawn);
  await page.getByRole('button', { name: 'Reset view' }).click();
  await expect(metric(page, 'dots-drawn')).toHaveAttribute('data-value', String(drawn));

  // Dragging pans the map and reports the frame rate while panning.
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 20; step++) {
    await page.mouse.move(box.x + box.width / 2 + step * 10, box.y + box.height / 2 + step * 4);
  }
  await page.mouse.up();
  await expect(metric(page, 'pan-fps')).toHaveAttribute('data-value', /^\d+(\.\d+)?$/);
  // Keyboard: the arrows pan, + zooms.
  await canvas.focus();
  await page.keyboard.press('+');
  await expect
    .poll(async () => Number(await metric(page, 'dots-drawn').getAttribute('data-value')))
    .toBeLessThan(drawn);

  // The SVG side draws the same ZIPs as elements and says how long it took.
  await page.getByRole('button', { name: 'Draw with SVG' }).click();
  await expect(page.getByTestId('svg-render-ms')).toHaveText(/^4\d,\d{3} elements drawn in [\d,]+ ms$/, {
    timeout: 60_000,
  });
  // Every ZIP with a place on the map: those the canvas drew at the national zoom and the few
  // beyond the frame's edge (far Aleutian islands) that it skips as out of view.
  const circles = await page.locator('svg[role=img] circle').count();
  expect(circles).toBeGreaterThanOrEqual(drawn);
  expect(circles).toBeLessThan(drawn + 20);
});

test.describe('the ZIP data offline', () => {
  // The download the test makes fail is reported by the browser.
  test.use({ allowConsole: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('a visitor whose download of the ZIP data fails is told so and draws the map on Try again', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The data are a file of their own (build/zip-centroids.ts); it cannot be downloaded at first.
    let online = false;
    await page.route('**/assets/zip-centroids-*.json', async (route) => {
      if (online) await route.continue();
      else await route.abort('internetdisconnected');
    });
    await page.goto('/map-optimization-demo');
    await expect(page.getByText("The map's data could not be downloaded.")).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Map optimization demo');
    await expect(page.getByRole('img', { name: /Map of the United States/ })).toHaveCount(0);

    online = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('img', { name: /Map of the United States with 4\d,\d{3} ZIP codes/ }),
    ).toBeVisible();
    // The button is gone: the focus is on the map's heading, not left on the page.
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect
      .poll(async () => Number(await metric(page, 'dots-drawn').getAttribute('data-value')))
      .toBeGreaterThan(41_000);
  });
});
