import { render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { PartBoundary, retryableLazy } from './confirm-dialog';
import { useToasts } from './use-toast';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('a part loaded on demand', () => {
  it('says it could not be opened, leaves the screen as it was, and loads again on the next try', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Greeting });
    const Part = retryableLazy(load);
    function Screen() {
      const [asked, setAsked] = useState(false);
      return (
        <main>
          <h1>The screen</h1>
          <button type="button" onClick={() => setAsked(true)}>
            Open
          </button>
          {!asked && <p>Closed</p>}
          {asked && (
            <PartBoundary
              onFailed={() => {
                Part.retry();
                setAsked(false);
              }}
            >
              <Suspense fallback={<p>Loading</p>}>
                <Part name="Ana" />
              </Suspense>
            </PartBoundary>
          )}
        </main>
      );
    }
    // React reports the error the boundary caught; it is the one this test causes.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const toasts = renderHook(() => useToasts());
    render(<Screen />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await vi.waitFor(() => expect(toasts.result.current[0]?.title).toBe(i18n.t('routeError.partFailed')));
    expect(screen.getByRole('heading', { name: 'The screen' })).toBeTruthy();
    // The part is put away as it was before it was asked for.
    await screen.findByText('Closed');
    expect(screen.queryByText('Hello Ana')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Hello Ana', {}, { timeout: 10_000 })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
    reported.mockRestore();
  });
});
