import { Copy, ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignInRedirect } from '@/lib/session/require-session';
import { grantableRoles } from '@dealclub/shared/access-rules';
import { dateFormat } from '@dealclub/shared/format';
import { isSellerSide, type Role } from '@dealclub/shared/roles';
import { PageFallback } from '@/components/layout/page-fallback';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { toast } from '@/components/ui/use-toast';
import { useSession } from '@/lib/session/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { preloadLocaleSection, useLocaleSection } from '@/lib/i18n';
import { useCreateInvitations, useMyInvitations } from '../api/invitations';
import { OwnersClub } from '../components/owners-club';

// The club's texts come with the screen's code, not after its first render.
preloadLocaleSection('admin');

/**
 * `/owners`: the Owners Club (core §2): the club's owners and their map by market, and team
 * invitations. Buyers see the restricted-access message.
 */
export default function OwnersPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.owners'));
  const session = useSession();
  const textsReady = useLocaleSection('admin');
  if (session.status === 'loading' || !textsReady) return <PageFallback />;
  if (session.status !== 'authenticated') return <SignInRedirect />;
  if (!isSellerSide(session.user.roles)) {
    return (
      <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 p-4 text-center [overflow-wrap:anywhere] sm:p-8">
        <ShieldAlert aria-hidden className="size-12 text-amber-600" />
        <h1 className="text-3xl font-bold">{t('owners.title')}</h1>
        <p className="text-slate-700">{t('owners.restricted')}</p>
      </section>
    );
  }
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t('owners.title')}</h1>
      <p className="mt-2 max-w-2xl text-slate-700">{t('owners.lead')}</p>
      <OwnersClub />
      <TeamInvitations roles={grantableRoles(session.user.roles)} />
    </section>
  );
}

function TeamInvitations({ roles }: { roles: Role[] }) {
  const { t, i18n } = useTranslation();
  const [role, setRole] = useState<Role>(roles[0] ?? 'buyer');
  const invitations = useMyInvitations();
  const create = useCreateInvitations();
  const items = invitations.data?.pages.flatMap((p) => p.items) ?? [];
  const date = (iso: string) => dateFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  async function copy(link: string) {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: t('owners.copied') });
    } catch {
      toast({ title: t('owners.copyFailed'), variant: 'destructive' });
    }
  }

  return (
    <div className="mt-10 grid gap-4">
      <h2 className="text-xl font-semibold">{t('owners.invitationsTitle')}</h2>
      <div className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <label className="grid gap-1 text-sm font-medium">
          {t('owners.role')}
          <select
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
            className="h-10 rounded-md border border-slate-300 bg-white px-2"
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`admin.roleNames.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          disabled={create.isPending}
          onClick={() =>
            create.mutateAsync({ role }).then(
              (res) => toast({ title: t('owners.created', { count: res.items.length }) }),
              () => toast({ title: t('owners.createFailed'), variant: 'destructive' }),
            )
          }
          className="h-10 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {create.isPending ? t('owners.creating') : t('owners.create')}
        </button>
      </div>
      <ScrollRegion
        label={t('owners.invitationsTitle')}
        className="rounded-xl border border-slate-200 bg-white"
      >
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50">
            <tr>
              <th className="p-3">{t('owners.link')}</th>
              <th className="p-3">{t('owners.role')}</th>
              <th className="p-3">{t('owners.status')}</th>
              <th className="p-3">{t('owners.expires')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((inv) => (
              <tr key={inv.id} className="border-t border-slate-200">
                <td className="p-3">
                  <div className="flex items-center gap-2">
                    <code className="max-w-xs truncate rounded bg-slate-100 px-2 py-1">{inv.link}</code>
                    {inv.status === 'pending' && (
                      <button
                        type="button"
                        onClick={() => void copy(inv.link)}
                        className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 hover:bg-slate-100"
                      >
                        <Copy aria-hidden className="size-4" />
                        {t('owners.copy')}
                      </button>
                    )}
                  </div>
                </td>
                <td className="p-3">{t(`admin.roleNames.${inv.role}`)}</td>
                <td className="p-3">{t(`owners.statuses.${inv.status}`)}</td>
                <td className="p-3">{date(inv.expiresAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {invitations.isSuccess && items.length === 0 && (
          <p className="p-4 text-slate-600">{t('owners.empty')}</p>
        )}
      </ScrollRegion>
      {invitations.hasNextPage && (
        <button
          type="button"
          onClick={() => void invitations.fetchNextPage()}
          className="rounded-md border border-slate-300 px-3 py-2 hover:bg-slate-100"
        >
          {t('owners.loadMore')}
        </button>
      )}
    </div>
  );
}
