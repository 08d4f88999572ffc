import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchParamsChange } from './use-search-params-change';

/** Three filters, each kept in the URL's query as it is picked. */
function Filters() {
  const [params, change] = useSearchParamsChange();
  const query = useLocation().search;
  return (
    <>
      {['status', 'type', 'source'].map((name) => (
        <select
          key={name}
          aria-label={name}
          value={params.get(name) ?? ''}
          onChange={(e) =>
            change((next) => {
              next.set(name, e.target.value);
              return next;
            })
          }
        >
          <option value="">any</option>
          <option value={`${name}-1`}>one</option>
        </select>
      ))}
      <p data-testid="query">{query}</p>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/admin', element: <Filters /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useSearchParamsChange', () => {
  it('keeps every filter picked before the page renders again', () => {
    renderAt('/admin?tab=feedback');
    act(() => {
      for (const name of ['status', 'type', 'source'])
        fireEvent.change(screen.getByLabelText(name), { target: { value: `${name}-1` } });
    });
    expect(screen.getByTestId('query').textContent).toBe(
      '?tab=feedback&status=status-1&type=type-1&source=source-1',
    );
  });

  it('starts from the URL again once it has changed by other means (a link, Back)', async () => {
    const router = renderAt('/admin?tab=feedback');
    act(() => {
      fireEvent.change(screen.getByLabelText('status'), { target: { value: 'status-1' } });
    });
    await act(() => router.navigate('/admin?tab=help'));
    act(() => {
      fireEvent.change(screen.getByLabelText('type'), { target: { value: 'type-1' } });
    });
    expect(screen.getByTestId('query').textContent).toBe('?tab=help&type=type-1');
  });
});
