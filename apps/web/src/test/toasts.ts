import { afterAll, beforeAll, vi } from 'vitest';
import { onToastAsked, type ToastInput } from '@/components/ui/use-toast';

/**
 * What the screens of a test file ask the toast store to say, one call each with the toast as asked
 * for (`expect(toast).toHaveBeenCalledWith({ title: … })`), read from the real store: the file needs
 * no module mock, so it shares its worker's module graph with the other files (vite.config.ts).
 * Call it at the top of the file, and reset it in a `beforeEach` as any mock.
 */
export function recordToasts() {
  const toast = vi.fn<(input: ToastInput) => void>();
  let stop: (() => void) | undefined;
  beforeAll(() => {
    stop = onToastAsked(toast);
  });
  afterAll(() => stop?.());
  return toast;
}
