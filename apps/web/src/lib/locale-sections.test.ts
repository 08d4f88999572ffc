import { describe, expect, it } from 'vitest';
import en from '@dealclub/shared/locales/en.json' with { type: 'json' };
import es from '@dealclub/shared/locales/es.json' with { type: 'json' };
import core from 'virtual:locales/en';
import access from 'virtual:locales/es/access';
import training from 'virtual:locales/es/training';
import { KEPT_IN_CORE, LOCALE_SECTIONS, SERVER_ONLY_NAMESPACES } from './locale-sections';

describe('locale sections', () => {
  it('name namespaces that exist, each in one section only', () => {
    const claimed = Object.values(LOCALE_SECTIONS).flat();
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const namespace of claimed) expect(Object.keys(en)).toContain(namespace);
  });

  it('split a language into the shared texts and the sections, losing nothing but the texts of the API', () => {
    const claimed = new Set<string>([...Object.values(LOCALE_SECTIONS).flat(), ...SERVER_ONLY_NAMESPACES]);
    expect(Object.keys(core).sort()).toEqual(
      Object.keys(en)
        .filter((n) => !claimed.has(n) || n in KEPT_IN_CORE)
        .sort(),
    );
    expect(training).toEqual({ training: es.training, trainingAdmin: es.trainingAdmin });
  });

  it("keep the schemas' messages of a claimed namespace in the shared texts, and the rest in its section", () => {
    expect(core.access).toEqual({ validation: en.access.validation });
    const { validation, ...rest } = es.access;
    expect(validation).toBeTruthy();
    expect(access).toEqual({ access: rest });
  });

  it('keep in the shared texts exactly the keys KEPT_IN_CORE names, each of which exists in both languages', () => {
    const claimed = Object.values(LOCALE_SECTIONS).flat() as string[];
    const texts = { en, es } as unknown as Record<'en' | 'es', Record<string, Record<string, unknown>>>;
    for (const [namespace, keys] of Object.entries(KEPT_IN_CORE)) {
      expect(claimed).toContain(namespace);
      for (const language of ['en', 'es'] as const) {
        for (const key of keys!)
          expect(Object.keys(texts[language][namespace]!), `${namespace}.${key}`).toContain(key);
      }
      const kept = Object.fromEntries(keys!.map((key) => [key, texts.en[namespace]![key]]));
      expect((core as Record<string, unknown>)[namespace]).toEqual(kept);
    }
  });

  it('leave out only namespaces that exist and no section claims', () => {
    const claimed = Object.values(LOCALE_SECTIONS).flat() as string[];
    for (const namespace of SERVER_ONLY_NAMESPACES) {
      expect(Object.keys(en)).toContain(namespace);
      expect(claimed).not.toContain(namespace);
    }
  });
});
