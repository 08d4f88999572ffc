import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
