import type { DataRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PRERENDERED_ELEMENT_ID, type PrerenderedQuery } from '@dealclub/shared/prerendered';
import { LOCALE_SECTIONS, type LocaleSection } from './locale-sections';

/** The query a server-written document carries, with a texts' section the app has. */
export interface Prerendered extends PrerenderedQuery {
  section: LocaleSection;
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
