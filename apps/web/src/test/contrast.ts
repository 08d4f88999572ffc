/** WCAG's contrast of colours (`#rrggbb`), for the tests of what the maps and charts draw. */

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The relative luminance of WCAG 2.x. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `colour` drawn with `opacity` over `background`, as the screen shows it. */
export function over(colour: string, background: string, opacity: number): string {
  const top = channels(colour);
  const bottom = channels(background);
  return `#${top
    .map((v, i) =>
      Math.round(opacity * v + (1 - opacity) * bottom[i]!)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
