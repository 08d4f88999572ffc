import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Tests of the browser code (jsdom) read both languages, so both are loaded before any runs. The
// build's own tests run in Node, without a document.
if (typeof document !== 'undefined') {
  const { i18n, setupI18n } = await import('@/lib/i18n');
  await setupI18n('en');
  await i18n.loadLanguages('es');
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
