import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { onToastAsked, type ToastInput } from '@/components/ui/use-toast';

/**
 * What the screens of a test file ask the toast store to say, one call each with the toast as asked
 * for (`expect(toast).toHaveBeenCalledWith({ title: … })`), read from the real store: the file needs
 * no module mock, so it shares its worker's module graph with the other files (vite.config.ts).
 * (The browser tests' `recordToasts` in e2e/helpers.ts reads the toasts a person sees instead.)
 * Call it at the top of the file. It is cleared before each test, so that a toast an earlier file's
 * late answer asked for (the files share the store) is not counted in the next test's.
 */
export function toastsAsked() {
  const toast = vi.fn<(input: ToastInput) => void>();
  let stop: (() => void) | undefined;
  beforeAll(() => {
    stop = onToastAsked(toast);
  });
  beforeEach(() => toast.mockClear());
  afterAll(() => stop?.());
  return toast;
}
