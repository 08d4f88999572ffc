import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Footer links of shell §2, plus the Help Center (the header links it only when signed in, and it
 * is public: shell §6), the feedback page (public) and the accessibility statement.
 */
const FOOTER_LINKS = [
  { labelKey: 'footer.login', to: '/auth' },
  { labelKey: 'footer.signup', to: '/signup/buyer' },
  { labelKey: 'footer.features', to: '/features' },
  { labelKey: 'nav.feedback', to: '/feedback' },
  { labelKey: 'nav.helpCenter', to: '/help' },
  { labelKey: 'footer.terms', to: '/terms' },
  { labelKey: 'footer.privacy', to: '/privacy' },
  { labelKey: 'footer.accessibility', to: '/accessibility' },
] as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white print:hidden">
      {/* Room at the bottom for the feedback widget's floating button, so it covers no text. */}
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 pt-8 pb-24 md:flex-row md:items-center md:justify-between">
        <nav aria-label={t('footer.label')}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-slate-700 underline-offset-4 hover:text-brand-700 hover:underline"
                >
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-slate-600">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
