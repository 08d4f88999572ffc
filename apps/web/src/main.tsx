import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { Language } from '@dealclub/shared/constants';
import { PRERENDERED_ELEMENT_ID } from '@dealclub/shared/prerendered';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { loadLocaleSection, setupI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import './styles.css';

// The router starts loading the route's screen chunk at once, in parallel with the language's
// texts; the app renders when the texts are in, so nothing is painted in the wrong language.
const router = createAppRouter();
const texts = setupI18n();

// A document the server wrote with its screen's content (the public ZIP page, decision 034) keeps
// showing it until the app can render that screen whole at once: its answer seeds the query, and
// the screen's code and texts are waited for, so that the first render replaces the figures with
// the same figures instead of a loading mark. The code that reads it loads only for such a
// document, beside the screen's code.
async function prerenderedReady(): Promise<unknown> {
  const { routerReady, seedPrerendered, takePrerendered } = await import('./lib/prerendered');
  const prerendered = takePrerendered();
  if (!prerendered) return texts;
  seedPrerendered(queryClient, prerendered);
  const i18n = await texts;
  return Promise.allSettled([
    loadLocaleSection(prerendered.section, i18n.language as Language),
    routerReady(router),
  ]);
}
const ready: Promise<unknown> = document.getElementById(PRERENDERED_ELEMENT_ID)
  ? prerenderedReady().catch(() => texts)
  : texts;

void ready.finally(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition lets React yield to the browser while it builds the first screen, instead of
  // holding the main thread (and every tap) for the whole render on a slow phone.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
});
