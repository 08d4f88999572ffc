/**
 * Server-side copy (e-mails) from the same locale files as the web app, so both languages are
 * kept in one place. `{{name}}` placeholders are filled from `vars`.
 */
import { isLanguage } from '@dealclub/shared/language';
import en from '@dealclub/shared/locales/en.json' with { type: 'json' };
import es from '@dealclub/shared/locales/es.json' with { type: 'json' };

const LOCALES = { en, es } as const;

export function translate(
  language: string | null | undefined,
  key: string,
  vars: Record<string, string> = {},
): string {
  const lookup = (tree: unknown): unknown =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  const text = lookup(LOCALES[isLanguage(language) ? language : 'en']) ?? lookup(en);
  if (typeof text !== 'string') throw new Error(`missing locale key ${key}`);
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}
