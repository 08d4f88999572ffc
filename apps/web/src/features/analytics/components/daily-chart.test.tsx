import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealAnalyticsDay } from '@dealclub/shared/analytics';
import { loadLocaleSection } from '@/lib/i18n';
import { contrastRatio } from '@/test/contrast';
import { chartScale } from './analytics-figures';
import { DailyChart, SERIES } from './daily-chart';

describe("the daily chart's series (WCAG 1.4.1 and 1.4.11)", () => {
  it('keep 3:1 against the white chart and stay apart by their dashes, not by colour alone', () => {
    for (const series of SERIES)
      expect(contrastRatio(series.color, '#ffffff'), series.key).toBeGreaterThanOrEqual(3);
    const dashes = SERIES.map((series) => series.dash.join(','));
    expect(new Set(dashes).size).toBe(SERIES.length);
  });
});

describe("the daily chart's y axis", () => {
  it('runs from 0 to a round maximum with whole-number ticks', () => {
    expect(chartScale(0)).toEqual({ max: 1, ticks: [0, 1] });
    expect(chartScale(1)).toEqual({ max: 1, ticks: [0, 1] });
    expect(chartScale(7)).toEqual({ max: 8, ticks: [0, 2, 4, 6, 8] });
    expect(chartScale(23)).toEqual({ max: 30, ticks: [0, 10, 20, 30] });
    expect(chartScale(1_234)).toEqual({ max: 1_500, ticks: [0, 500, 1_000, 1_500] });
  });
});

describe('the daily chart', () => {
  const days: DealAnalyticsDay[] = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    views: i === 29 ? 8 : 1,
    uniqueViewers: 1,
    favorites: i === 29 ? 2 : 0,
    interests: 0,
    offers: i === 29 ? 1 : 0,
  }));

  // The analytics screens' texts, as the screen loads them before it shows the chart.
  beforeAll(() => loadLocaleSection('analytics', 'en'));

  // jsdom has no PointerEvent: a mouse event with its name carries the pointer's position (for
  // this file only: the files after it share the window).
  beforeAll(() => {
    if ('PointerEvent' in window) return;
    Object.assign(window, { PointerEvent: class extends MouseEvent {} });
    return () => {
      delete (window as { PointerEvent?: unknown }).PointerEvent;
    };
  });

  // jsdom lays nothing out: the chart's box is given the width a phone would give it.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(348);
  });
  afterEach(() => vi.restoreAllMocks());

  it('draws each series through every day, is an image named by its summary, and shows a day under the pointer', () => {
    render(<DailyChart daily={days} />);
    const chart = screen.getByRole('img', {
      name: /Line chart of the last 30 days\. Totals: views 37, favorites 2/,
    });
    const lines = chart.querySelectorAll('polyline');
    expect(lines).toHaveLength(SERIES.length);
    for (const line of lines) expect(line.getAttribute('points')!.split(' ')).toHaveLength(30);
    // The largest figure (8 views, the last day) is the top of the scale; 0 offers sit on the axis.
    const views = lines[0]!.getAttribute('points')!.split(' ');
    const top = Number(views[29]!.split(',')[1]);
    const floor = Number(lines[3]!.getAttribute('points')!.split(' ')[0]!.split(',')[1]);
    expect(top).toBeLessThan(floor);
    expect(Number(views[0]!.split(',')[1])).toBeCloseTo(floor - (floor - top) / 8, 0);
    // A narrow chart labels fewer days than it draws, always the last one.
    const labels = [...chart.querySelectorAll('text')].map((t) => t.textContent);
    expect(labels).toContain('Nov 30');
    expect(labels.filter((l) => /^Nov/.test(l ?? '')).length).toBeLessThan(30);

    fireEvent.pointerMove(chart, { clientX: 348 });
    const tip = screen.getByTestId('daily-chart-tooltip');
    expect(within(tip).getByText('Nov 30')).toBeTruthy();
    expect(tip.textContent).toContain('Views: 8');
    expect(tip.textContent).toContain('Offers: 1');
    fireEvent.pointerLeave(chart);
    expect(screen.queryByTestId('daily-chart-tooltip')).toBeNull();
  });

  it("keeps room for the y axis's longest figure", () => {
    render(<DailyChart daily={days.map((d, i) => ({ ...d, views: i === 29 ? 12_000 : d.views }))} />);
    const ticks = [...screen.getByRole('img').querySelectorAll('text[text-anchor="end"]')];
    expect(ticks.map((t) => t.textContent)).toContain('15,000');
    // Each label ends at its x: its characters (about 7 px each at 11 px) must fit left of it.
    for (const tick of ticks)
      expect(Number(tick.getAttribute('x'))).toBeGreaterThanOrEqual(7 * tick.textContent!.length);
  });
});
