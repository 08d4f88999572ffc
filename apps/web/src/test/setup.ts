import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { i18n, setupI18n } from '@/lib/i18n';

// The app loads one language at a time; tests read both, so both are loaded before any runs.
await setupI18n('en');
await i18n.loadLanguages('es');
afterEach(() => {
  cleanup();
  localStorage.clear();
});
