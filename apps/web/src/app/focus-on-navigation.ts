import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** How long a new page's heading is waited for (its data may still be loading). */
const HEADING_WAIT_MS = 10_000;

/**
 * After a move to another page inside the app, a focus that fell to the body with the control that
 * had it (the link of a card or of a conversation, the form that was sent) goes to the main content
 * at once, and to the new page's main heading once it shows (WCAG 2.4.3): a screen reader reads
 * where the user arrived, and the next Tab goes on from the page, not from the top of the document.
 * A focus still on a control (a header link, the bell) stays; the first page is left alone, so
 * that a Tab from a fresh load still reaches the skip link first. A saved form that goes on to
 * what it saved (the deal form) relies on it too.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (pathname === first.current) return;
    first.current = '';
    const root = main.current;
    const lost = () => {
      const active = document.activeElement;
      return !active || active === document.body || !active.isConnected || active === root;
    };
    if (!root || !lost()) return;
    root.focus({ preventScroll: true });
    const toHeading = () => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (lost()) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (toHeading()) return;
    const observer = new MutationObserver(() => {
      if (toHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, main]);
}
