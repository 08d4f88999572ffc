import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { PRERENDERED_ELEMENT_ID } from '@dealclub/shared/prerendered';
import { routerReady, seedPrerendered, takePrerendered } from './prerendered';

function documentWith(json: string) {
  const doc = document.implementation.createHTMLDocument('page');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = PRERENDERED_ELEMENT_ID;
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

const seed = { queryKey: ['analytics', 'zip', '78701'], section: 'analytics', data: { buyerCount: 2 } };

describe('a document written with its content (decision 034)', () => {
  it('gives its seeded query once and takes the element out of the page', () => {
    const doc = documentWith(JSON.stringify(seed));
    expect(takePrerendered(doc)).toEqual(seed);
    expect(doc.getElementById(PRERENDERED_ELEMENT_ID)).toBeNull();
    expect(takePrerendered(doc)).toBeUndefined();
  });

  it('ignores what is not a seeded query: no element, broken JSON, an unknown texts section', () => {
    expect(takePrerendered(document.implementation.createHTMLDocument('page'))).toBeUndefined();
    expect(takePrerendered(documentWith('{"queryKey":'))).toBeUndefined();
    expect(takePrerendered(documentWith(JSON.stringify({ ...seed, section: 'nope' })))).toBeUndefined();
    expect(takePrerendered(documentWith(JSON.stringify({ ...seed, queryKey: 'x' })))).toBeUndefined();
    expect(
      takePrerendered(documentWith(JSON.stringify({ queryKey: [], section: 'analytics' }))),
    ).toBeUndefined();
  });

  it('seeds the query fresh, so the screen does not ask for it again', () => {
    const client = createQueryClient();
    seedPrerendered(client, takePrerendered(documentWith(JSON.stringify(seed)))!);
    expect(client.getQueryData(['analytics', 'zip', '78701'])).toEqual({ buyerCount: 2 });
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['analytics', 'zip', '78701'] })
        ?.isStale(),
    ).toBe(false);
  });

  it("waits for the first screen's code before the app renders over the document", async () => {
    let arrive!: () => void;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const router = createMemoryRouter(
      [{ path: '/zip/:zipCode/analytics', lazy: async () => (await code, { Component: () => null }) }],
      { initialEntries: ['/zip/78701/analytics'] },
    );
    let ready = false;
    const waiting = routerReady(router).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    arrive();
    await waiting;
    expect(router.state.initialized).toBe(true);
    // Already initialised: at once.
    await routerReady(router);
    router.dispose();
  });
});
