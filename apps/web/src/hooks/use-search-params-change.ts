import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The URL's query and a way to change it in which each change builds on the last. React Router's
 * setter (its function form too) starts from the query of the last render, so a second change made
 * before the page renders again (two filters picked in quick succession) would drop the first.
 */
export function useSearchParamsChange() {
  const [params, setParams] = useSearchParams();
  const pending = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    pending.current = null;
  }, [params]);
  const change = useCallback(
    (edit: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = edit(new URLSearchParams(pending.current ?? params));
      pending.current = next;
      setParams(next, options);
    },
    [params, setParams],
  );
  return [params, change] as const;
}
