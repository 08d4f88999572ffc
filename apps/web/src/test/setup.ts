import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Tests of the browser code (jsdom) read both languages, so both are loaded before any runs. The
// build's own tests run in Node, without a document.
if (typeof document !== 'undefined') {
  const { i18n, setupI18n } = await import('@/lib/i18n');
  await setupI18n('en');
  await i18n.loadLanguages('es');
  // findBy… and waitFor wait up to 5 s, not 1: a screen's lazily loaded parts take longer than 1 s
  // to come on a loaded 2-core CI machine (CI's run of stop 40 timed out finding the deal card's
  // heart after 1 s). What a test waits for is unchanged; only how long it may take to come.
  configure({ asyncUtilTimeout: 5000 });
  // Test files share their worker's document and modules (vite.config.ts): each test leaves
  // them as it found them — no rendered tree, storage, stubbed global, fake clock or language.
  afterEach(async () => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    if (i18n.language !== 'en') await i18n.changeLanguage('en');
  });
}
