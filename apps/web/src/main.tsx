import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { setupI18n } from './lib/i18n';
import './styles.css';

// The router starts loading the route's screen chunk at once, in parallel with the language's
// texts; the app renders when the texts are in, so nothing is painted in the wrong language.
const router = createAppRouter();
const texts = setupI18n();

void texts.finally(() => {
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
