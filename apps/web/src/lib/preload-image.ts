/**
 * Asks for a photo before the screen that shows it has rendered: the first deal card's cover on
 * `/deals`, the first photo on a deal's page (features/deals/api/prefetch.ts). The router's read of
 * the deal comes back before the screen's code has run and React has built the page, and the photo
 * is most often the largest thing on a phone's screen (Lighthouse's LCP element): asked for with the
 * answer, it is on its way while the page renders instead of after. The same `srcset` and `sizes` as
 * the `<img>` that shows it, so that the browser picks the same file and uses this download.
 */
const asked = new Set<string>();

export function preloadImage(photo: { url: string; srcSet?: string }, sizes: string) {
  if (typeof document === 'undefined' || asked.has(photo.url)) return;
  asked.add(photo.url);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = photo.url;
  if (photo.srcSet) {
    link.setAttribute('imagesrcset', photo.srcSet);
    link.setAttribute('imagesizes', sizes);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
