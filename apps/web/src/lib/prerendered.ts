import type { DataRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { LOCALE_SECTIONS, type LocaleSection } from './locale-sections';

/**
 * A page whose document the server wrote with its content (decision 034: the public ZIP page,
 * apps/api/src/plugins/zip-page.ts) carries the answer it was written from, as JSON in a script
 * element of this id: the query it seeds and the texts' section the screen needs.
 */
export const PRERENDERED_ELEMENT_ID = 'prerendered-query';

export interface Prerendered {
  queryKey: unknown[];
  section: LocaleSection;
  data: unknown;
}

function isPrerendered(value: unknown): value is Prerendered {
  const v = value as Partial<Prerendered> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.queryKey) &&
    typeof v.section === 'string' &&
    Object.hasOwn(LOCALE_SECTIONS, v.section) &&
    v.data !== undefined
  );
}

/** The document's seeded query, read once (the element goes); none when it has none or it is not one. */
export function takePrerendered(doc: Document = document): Prerendered | undefined {
  const element = doc.getElementById(PRERENDERED_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    return isPrerendered(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Puts the document's answer in the query cache, fresh as of now: the screen asks for nothing. */
export function seedPrerendered(client: QueryClient, prerendered: Prerendered) {
  client.setQueryData(prerendered.queryKey, prerendered.data);
}

/** Resolves once the router has loaded the first screen's code (its lazy route). */
export function routerReady(router: Pick<DataRouter, 'state' | 'subscribe'>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
