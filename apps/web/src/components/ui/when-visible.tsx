import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the viewport a part starts to load: before a reader scrolls or tabs to it. */
const MARGIN = '600px 0px';

/**
 * A part far down a screen (below the first screenful on a phone) rendered once its place comes
 * near the viewport, so that its code, texts and data are not part of the screen's first load.
 * Until then its place holds `minHeight` of empty space. Where the browser cannot tell (no
 * IntersectionObserver), it renders at once.
 */
export function WhenVisible({ children, minHeight = '10rem' }: { children: ReactNode; minHeight?: string }) {
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = place.current;
    if (shown || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setShown(true);
      },
      { rootMargin: MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [shown]);
  return shown ? children : <div ref={place} style={{ minHeight }} />;
}
