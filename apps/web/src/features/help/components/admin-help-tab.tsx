import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { HelpKind } from '@dealclub/shared/help-rules';
import { PageFallback } from '@/components/layout/page-fallback';
import { FormAlert } from '@/components/ui/form-field';
import { LoadFailed } from '@/components/ui/load-failed';
import { RefusalNotice } from '@/components/ui/refusal-notice';
import { useLocaleSection } from '@/lib/i18n';
import { useAdminHelpList, type AdminHelpItem } from '../api/admin-help';
import { AdminHelpEditor } from './admin-help-editor';
import { AdminHelpTable, editorLink, type HelpNotice } from './admin-help-table';

const KINDS: readonly HelpKind[] = ['article', 'qa'];
const listLink = (kind: HelpKind) => `/admin?tab=help&kind=${kind}`;

/**
 * The admin panel's Help tab (`/admin?tab=help`): the articles or the Q&A (`&kind=qa`), and at
 * `&edit=<id>` or `&edit=new` the editor, a view of its own so that Back leaves it. Loaded with
 * its texts only when the tab is opened.
 */
export default function AdminHelpTab() {
  const helpTexts = useLocaleSection('help');
  const adminTexts = useLocaleSection('helpAdmin');
  if (!helpTexts || !adminTexts) return <PageFallback />;
  return <HelpAdmin />;
}

function HelpAdmin() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kind: HelpKind = params.get('kind') === 'qa' ? 'qa' : 'article';
  const edit = params.get('edit');
  const list = useAdminHelpList(kind);

  if (list.isPending) return <PageFallback />;
  if (list.isError && !list.data) {
    return <LoadFailed message={t('helpAdmin.loadFailed')} onRetry={() => void list.refetch()} />;
  }
  const items = list.data.pages.flatMap((p) => p.items);
  if (edit) return <EditorView key={`${kind}-${edit}`} kind={kind} id={edit} items={items} />;
  return (
    <ListView
      kind={kind}
      items={items}
      total={list.data.pages[0]?.total ?? 0}
      more={list.hasNextPage ? () => void list.fetchNextPage() : null}
      loadingMore={list.isFetchingNextPage}
    />
  );
}

function ListView({
  kind,
  items,
  total,
  more,
  loadingMore,
}: {
  kind: HelpKind;
  items: AdminHelpItem[];
  total: number;
  more: (() => void) | null;
  loadingMore: boolean;
}) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<HelpNotice | null>(null);
  return (
    <div className="grid gap-6">
      <nav aria-label={t('helpAdmin.kindsLabel')} className="flex flex-wrap gap-2">
        {KINDS.map((x) => (
          <Link
            key={x}
            to={listLink(x)}
            aria-current={x === kind ? 'page' : undefined}
            className={`inline-flex h-11 items-center rounded-full border px-4 font-medium ${x === kind ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}
          >
            {t(`helpAdmin.${x}.list`)}
          </Link>
        ))}
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="help-admin-list-title" className="text-2xl font-semibold">
            {t(`helpAdmin.${kind}.list`)}
          </h2>
          <p className="text-sm text-slate-700">{t('helpAdmin.total', { count: total })}</p>
        </div>
        <Link
          to={editorLink(kind, 'new')}
          state={{ fromList: true }}
          className="inline-flex h-11 items-center gap-2 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          <Plus aria-hidden className="size-4" />
          {t(`helpAdmin.${kind}.new`)}
        </Link>
      </div>
      <p className="max-w-3xl text-sm text-slate-700">{t('helpAdmin.lead')}</p>
      {notice && (
        <RefusalNotice
          title={notice.title}
          reasons={notice.reasons}
          fix={
            notice.itemId
              ? { to: editorLink(kind, notice.itemId), label: t('helpAdmin.fixInEditor') }
              : undefined
          }
          dismissLabel={t('helpAdmin.dismiss')}
          onDismiss={() => setNotice(null)}
        />
      )}
      <AdminHelpTable kind={kind} items={items} onNotice={setNotice} />
      {more && (
        <button
          type="button"
          onClick={more}
          disabled={loadingMore}
          className="h-11 w-fit rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-70"
        >
          {loadingMore ? t('app.loading') : t('admin.loadMore')}
        </button>
      )}
    </div>
  );
}

function EditorView({ kind, id, items }: { kind: HelpKind; id: string; items: AdminHelpItem[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: an item deleted from here must not turn into "not found" before the editor closes.
  const [item] = useState(() => items.find((i) => i.id === id));
  const cameFromList = (location.state as { fromList?: boolean } | null)?.fromList === true;
  // Back to the list the editor was opened from (so that Forward still reopens it), else to a
  // fresh list in place of the editor.
  const close = () => (cameFromList ? navigate(-1) : navigate(listLink(kind), { replace: true }));
  const back = (
    <Link
      to={listLink(kind)}
      onClick={(e) => {
        e.preventDefault();
        void close();
      }}
      className="w-fit font-medium text-brand-800 underline"
    >
      {t(`helpAdmin.${kind}.back`)}
    </Link>
  );
  if (id !== 'new' && !item) {
    return (
      <div className="grid gap-4">
        {back}
        <h2 className="text-2xl font-semibold">{t(`helpAdmin.${kind}.editTitle`)}</h2>
        <FormAlert>{t(`helpAdmin.${kind}.notFound`)}</FormAlert>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {back}
      <AdminHelpEditor kind={kind} item={item} onClose={() => void close()} />
    </div>
  );
}
