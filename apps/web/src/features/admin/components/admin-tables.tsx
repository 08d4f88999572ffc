import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '@dealclub/shared/format';
import { formatPhone } from '@dealclub/shared/phone';
import { ROLES, type Role } from '@dealclub/shared/roles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useLocaleSection } from '@/lib/i18n';
import {
  useAdminUsers,
  useInviteFromWaitlist,
  useMailbox,
  useSetActive,
  useSetRoles,
  useTurnOffMfa,
  useWaitlist,
  type AdminUser,
} from '../api/admin';
import { OutboxTestForm } from './outbox-test-form';
import { ScrollRegion } from '@/components/ui/scroll-region';

const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60';
const primary =
  'rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';

function useDate() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    dateFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

function SearchBox({ label, onSearch }: { label: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className="h-10 w-full max-w-sm rounded-md border border-slate-300 px-3"
      />
      <button type="submit" className={primary}>
        {t('admin.searchButton')}
      </button>
    </form>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const [roles, setRoles] = useState<Role[]>(
    user.roles.filter((r): r is Role => (ROLES as readonly string[]).includes(r)),
  );
  const setRolesMutation = useSetRoles();
  const setActive = useSetActive();
  const changed = roles.slice().sort().join() !== user.roles.slice().sort().join();
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      toast({ title: t(success) });
    } catch {
      toast({ title: t('admin.actionFailed'), variant: 'destructive' });
    }
  }

  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="p-3">
        <div className="font-medium">{name}</div>
        <div className="text-sm text-slate-600">{user.email}</div>
      </td>
      <td className="p-3">
        <fieldset className="flex flex-wrap gap-3">
          <legend className="sr-only">
            {t('admin.roles')}: {name}
          </legend>
          {ROLES.map((role) => (
            <label key={role} className="flex items-center gap-1 text-sm">
              <input
                type="checkbox"
                checked={roles.includes(role)}
                onChange={(e) =>
                  setRoles((r) => (e.target.checked ? [...r, role] : r.filter((x) => x !== role)))
                }
              />
              {t(`admin.roleNames.${role}`)}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className={`${primary} mt-2`}
          disabled={!changed || roles.length === 0 || setRolesMutation.isPending}
          onClick={() =>
            void run(() => setRolesMutation.mutateAsync({ userId: user.userId, roles }), 'admin.rolesSaved')
          }
        >
          {t('admin.saveRoles')}
        </button>
      </td>
      <td className="p-3">
        <span className={user.isActive ? 'text-emerald-800' : 'text-red-700'}>
          {user.isActive ? t('admin.active') : t('admin.inactive')}
        </span>
        <div className="mt-2">
          <button
            type="button"
            className={button}
            disabled={setActive.isPending}
            onClick={() =>
              void run(
                () => setActive.mutateAsync({ userId: user.userId, active: !user.isActive }),
                'admin.activationSaved',
              )
            }
          >
            {user.isActive ? t('admin.deactivate') : t('admin.reactivate')}
          </button>
        </div>
      </td>
      <td className="p-3">
        <MfaCell user={user} name={name} />
      </td>
    </tr>
  );
}

/** Two-step sign-in: its state, and turning it off for a lost phone (after a confirmation). */
function MfaCell({ user, name }: { user: AdminUser; name: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const turnOff = useTurnOffMfa();
  // Turning it off removes the button that had the focus (once the list is read again): the focus
  // goes to the cell's new state, never to the page.
  const state = useRef<HTMLSpanElement>(null);
  const turnedOff = useRef(false);
  useEffect(() => {
    if (turnedOff.current && user.mfaEnabled === false) {
      turnedOff.current = false;
      state.current?.focus();
    }
  }, [user.mfaEnabled]);
  if (user.mfaEnabled === null)
    return (
      <span className="text-slate-600">
        <span aria-hidden>—</span>
        <span className="sr-only">{t('admin.mfaUnknown')}</span>
      </span>
    );
  if (!user.mfaEnabled)
    return (
      <span ref={state} tabIndex={-1} className="outline-none">
        {t('admin.mfaOff')}
      </span>
    );
  return (
    <>
      <span className="text-emerald-800">{t('admin.mfaOn')}</span>
      <div className="mt-2">
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          trigger={
            <button type="button" className={button} aria-label={t('admin.turnOffMfaOf', { name })}>
              {t('admin.turnOffMfa')}
            </button>
          }
          title={t('admin.turnOffMfaOf', { name })}
          summary={user.email}
          body={t('admin.turnOffMfaConfirm', { name })}
          cancelLabel={t('admin.cancel')}
          confirmLabel={t('admin.turnOffMfa')}
          busyLabel={t('admin.turningOffMfa')}
          tone="danger"
          busy={turnOff.isPending}
          onConfirm={() =>
            void turnOff.mutateAsync(user.userId).then(
              () => {
                turnedOff.current = true;
                setOpen(false);
                toast({ title: t('admin.mfaTurnedOff') });
              },
              () => toast({ title: t('admin.actionFailed'), variant: 'destructive' }),
            )
          }
        />
      </div>
    </>
  );
}

export function UsersTable() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const users = useAdminUsers(q);
  const items = users.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="grid gap-4">
      <SearchBox label={t('admin.search')} onSearch={setQ} />
      <p className="text-sm text-slate-600">
        {t('admin.total', { count: users.data?.pages[0]?.total ?? 0 })}
      </p>
      <ScrollRegion label={t('admin.usersTable')} className="rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left">
          <thead className="bg-slate-50 text-sm">
            <tr>
              <th className="p-3">{t('admin.name')}</th>
              <th className="p-3">{t('admin.roles')}</th>
              <th className="p-3">{t('admin.status')}</th>
              <th className="p-3">{t('admin.mfa')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((user) => (
              <UserRow key={`${user.userId}:${user.roles.join()}:${user.isActive}`} user={user} />
            ))}
          </tbody>
        </table>
        {users.isSuccess && items.length === 0 && <p className="p-4 text-slate-600">{t('admin.noUsers')}</p>}
      </ScrollRegion>
      {users.hasNextPage && (
        <button type="button" className={button} onClick={() => void users.fetchNextPage()}>
          {t('admin.loadMore')}
        </button>
      )}
    </div>
  );
}

export function WaitlistTable() {
  const { t } = useTranslation();
  const date = useDate();
  const waitlist = useWaitlist();
  const invite = useInviteFromWaitlist();
  const items = waitlist.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <ScrollRegion label={t('admin.waitlistTable')} className="rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left">
        <thead className="bg-slate-50 text-sm">
          <tr>
            <th className="p-3">{t('admin.name')}</th>
            <th className="p-3">{t('admin.phone')}</th>
            <th className="p-3">{t('admin.requested')}</th>
            <th className="p-3">
              <span className="sr-only">{t('admin.invite')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <tr key={entry.id} className="border-t border-slate-200">
              <td className="p-3">
                <div className="font-medium">
                  {entry.firstName} {entry.lastName}
                </div>
                <div className="text-sm text-slate-600">{entry.email}</div>
              </td>
              <td className="p-3">{formatPhone(entry.phoneNumber)}</td>
              <td className="p-3 text-sm">{date(entry.createdAt)}</td>
              <td className="p-3">
                {entry.invitedAt ? (
                  <span className="text-sm text-emerald-800">{t('admin.invited')}</span>
                ) : (
                  <button
                    type="button"
                    className={primary}
                    disabled={invite.isPending}
                    onClick={() =>
                      invite.mutateAsync(entry.id).then(
                        () => toast({ title: t('admin.invitationSent') }),
                        () => toast({ title: t('admin.actionFailed'), variant: 'destructive' }),
                      )
                    }
                  >
                    {t('admin.invite')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {waitlist.isSuccess && items.length === 0 && (
        <p className="p-4 text-slate-600">{t('admin.emptyWaitlist')}</p>
      )}
    </ScrollRegion>
  );
}

export function MailboxTable() {
  const { t } = useTranslation();
  // The test form's and the providers' texts are loaded with the tab (decision 030).
  const outboxTexts = useLocaleSection('outboxAdmin');
  const date = useDate();
  const [recipient, setRecipient] = useState('');
  const mailbox = useMailbox(recipient);
  const items = mailbox.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="grid gap-4">
      {outboxTexts && <OutboxTestForm />}
      <SearchBox label={t('admin.filterRecipient')} onSearch={setRecipient} />
      <ul className="grid gap-3">
        {items.map((message) => (
          <li key={message.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap justify-between gap-2 text-sm text-slate-600">
              <span>
                {t('admin.recipient')}: <strong className="text-ink">{message.recipient}</strong>
              </span>
              <span>
                {date(message.createdAt)} ·{' '}
                {t(`admin.messageStatus.${message.status}`, { defaultValue: message.status })}
                {/* The code of the latest failure, while it matters (not once sent or kept). */}
                {outboxTexts &&
                  message.providerCode &&
                  (message.status === 'failed' || message.status === 'pending') && (
                    <>
                      {' · '}
                      {t('outboxAdmin.providerCode')}: <code>{message.providerCode}</code>
                    </>
                  )}
              </span>
            </div>
            <h3 className="mt-2 font-semibold">{message.subject}</h3>
            <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-800">{message.body}</p>
          </li>
        ))}
      </ul>
      {mailbox.isSuccess && items.length === 0 && <p className="text-slate-600">{t('admin.emptyMailbox')}</p>}
      {mailbox.hasNextPage && (
        <button type="button" className={button} onClick={() => void mailbox.fetchNextPage()}>
          {t('admin.loadMore')}
        </button>
      )}
    </div>
  );
}
