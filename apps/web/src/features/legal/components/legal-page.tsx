import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFallback } from '@/components/layout/page-fallback';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';

interface Section {
  heading: string;
  body: string;
  /** A page of the app the section leads to (the accessibility page's feedback form). */
  link?: { to: string; label: string };
}

/** The date the legal texts were last changed; shown on each page. */
const LAST_UPDATED = new Date('2026-11-22T00:00:00Z');

/** Terms, privacy and accessibility share one layout; their text lives in the locale files. */
export function LegalPage({ doc }: { doc: 'terms' | 'privacy' | 'accessibility' }) {
  const { t, i18n } = useTranslation();
  const title = t(`pages.${doc}`);
  usePageTitle(title);
  // The texts load with the page: no other screen reads them.
  if (!useLocaleSection('legal')) return <PageFallback />;
  const sections = t(`legal.${doc}.sections`, { returnObjects: true }) as Section[];
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    LAST_UPDATED,
  );
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{t('legal.updated', { date })}</p>
      <p className="mt-6 text-lg text-slate-800">{t(`legal.${doc}.intro`)}</p>
      {sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          <p className="mt-2 leading-7 text-slate-800">{section.body}</p>
          {section.link && (
            <p className="mt-3">
              <Link
                to={section.link.to}
                className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {section.link.label}
              </Link>
            </p>
          )}
        </section>
      ))}
    </article>
  );
}
