import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '@/lib/session/session-context';
import { usePageTitle } from '@/hooks/use-page-title';

export default function UnauthorizedPage() {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('pages.unauthorized'));
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 p-4 text-center [overflow-wrap:anywhere] sm:p-8">
      <ShieldAlert aria-hidden className="size-12 text-amber-600" />
      <h1 className="text-3xl font-bold">{t('unauthorized.title')}</h1>
      <p className="text-slate-700">{t('unauthorized.body')}</p>
      <div className="flex gap-3">
        <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
          {t('unauthorized.home')}
        </Link>
        {session.status !== 'authenticated' && (
          <Link
            to="/auth"
            className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100"
          >
            {t('unauthorized.login')}
          </Link>
        )}
      </div>
    </section>
  );
}
