import { BadgeCheck, Calculator, Home as HomeIcon, KeyRound, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RecentPagesList } from '../components/recent-pages-list';
import { useSession } from '@/lib/session/session-context';
import { usePageTitle } from '@/hooks/use-page-title';

/** Home and landing (core §2): the choice to buy or sell, and the recently visited pages. */
export default function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  const isSignedIn = session.status === 'authenticated';
  usePageTitle(t('pages.home'));

  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 md:py-24">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight md:text-5xl">
            {t('home.heroTitle')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-50">{t('home.heroLead')}</p>
          {!isSignedIn && <p className="mt-4 text-sm font-medium text-brand-100">{t('home.inviteNote')}</p>}
        </div>
      </section>

      <div className="mx-auto grid w-full max-w-7xl gap-10 px-4 py-12">
        <section aria-labelledby="choice-title">
          <h2 id="choice-title" className="text-2xl font-bold">
            {t('home.choiceTitle')}
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <ChoiceCard
              icon={<KeyRound aria-hidden className="size-8 text-brand-700" />}
              title={t('home.buyTitle')}
              body={t('home.buyBody')}
              cta={isSignedIn ? t('home.browseCta') : t('home.buyCta')}
              to={isSignedIn ? '/deals' : '/signup/buyer'}
            />
            <ChoiceCard
              icon={<HomeIcon aria-hidden className="size-8 text-brand-700" />}
              title={t('home.sellTitle')}
              body={t('home.sellBody')}
              cta={isSignedIn ? t('home.listCta') : t('home.sellCta')}
              to={isSignedIn ? '/deals/new' : '/signup/seller'}
            />
          </div>
        </section>

        <section aria-labelledby="features-title">
          <h2 id="features-title" className="text-2xl font-bold">
            {t('home.featuresTitle')}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            <Feature
              icon={<Calculator aria-hidden className="size-6" />}
              title={t('home.featureTermsTitle')}
              body={t('home.featureTermsBody')}
            />
            <Feature
              icon={<Target aria-hidden className="size-6" />}
              title={t('home.featureMatchTitle')}
              body={t('home.featureMatchBody')}
            />
            <Feature
              icon={<BadgeCheck aria-hidden className="size-6" />}
              title={t('home.featureTrustTitle')}
              body={t('home.featureTrustBody')}
            />
          </ul>
        </section>

        <RecentPagesList />
      </div>
    </>
  );
}

function ChoiceCard(props: { icon: ReactNode; title: string; body: string; cta: string; to: string }) {
  return (
    <article className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {props.icon}
      <h3 className="text-xl font-semibold">{props.title}</h3>
      <p className="flex-1 text-slate-700">{props.body}</p>
      <Link
        to={props.to}
        className="self-start rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
      >
        {props.cta}
      </Link>
    </article>
  );
}

function Feature(props: { icon: ReactNode; title: string; body: string }) {
  return (
    <li className="rounded-xl bg-brand-50 p-6">
      <div className="flex items-center gap-2 text-brand-800">
        {props.icon}
        <h3 className="font-semibold">{props.title}</h3>
      </div>
      <p className="mt-2 text-sm leading-6 text-slate-700">{props.body}</p>
    </li>
  );
}
