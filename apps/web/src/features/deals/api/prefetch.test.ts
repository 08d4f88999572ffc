import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAuthHandlers } from '@/lib/api-client';
import { DETAIL_PHOTO_SIZES } from '@/lib/deals';
import { createQueryClient } from '@/lib/query-client';
import { prefetchDeal } from './prefetch';

const DEAL_ID = '00000000-0000-4000-8000-00000000000a';
const photo = {
  id: 'p1',
  url: '/files/photos/p1-1200.webp',
  srcSet: '/files/photos/p1-800.webp 800w, /files/photos/p1-1200.webp 1200w',
  width: 1200,
  height: 800,
  thumbUrl: '/files/photos/p1-400.webp',
  fullUrl: '/files/photos/p1-1600.webp',
};

afterEach(() => {
  vi.unstubAllGlobals();
  setAuthHandlers(null);
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
});

describe("a deal page's read, started by the router", () => {
  it("asks for the deal's first photo as soon as the deal comes, in the sizes the page shows it", async () => {
    setAuthHandlers({ getToken: () => 'token', refresh: async () => 'token' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ id: DEAL_ID, photos: [photo] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    prefetchDeal(createQueryClient(), {
      params: { id: DEAL_ID },
      url: new URL(`http://x.test/deals/${DEAL_ID}`),
    });
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"]')).not.toBeNull());
    const link = document.head.querySelector('link[rel="preload"]')!;
    expect(link.getAttribute('as')).toBe('image');
    expect(link.getAttribute('href')).toBe(photo.url);
    expect(link.getAttribute('imagesrcset')).toBe(photo.srcSet);
    expect(link.getAttribute('imagesizes')).toBe(DETAIL_PHOTO_SIZES);
    expect(link.getAttribute('fetchpriority')).toBe('high');
  });

  it('asks for nothing without a stored session', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    prefetchDeal(createQueryClient(), {
      params: { id: DEAL_ID },
      url: new URL(`http://x.test/deals/${DEAL_ID}`),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});
