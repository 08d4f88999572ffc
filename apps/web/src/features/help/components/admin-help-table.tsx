import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { numberFormat } from '@dealclub/shared/format';
import type { HelpKind } from '@dealclub/shared/help-rules';
import { toast } from '@/components/ui/use-toast';
import { refusalReasons } from '@/components/ui/refusal-notice';
import { inputOf, useUpdateHelpItem, type AdminHelpItem } from '../api/admin-help';
import { helpItemPath } from '../api/help';
import { ScrollRegion } from '@/components/ui/scroll-region';

/** A refusal to show above the table: what failed, why, and the item to fix. */
export interface HelpNotice {
  title: string;
  reasons: string[];
  itemId?: string;
}

const smallButton =
  'inline-flex h-11 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-100 disabled:opacity-60';

/** The editor's address for an item of `kind` (`new` for a new one). */
export const editorLink = (kind: HelpKind, id: string) => `/admin?tab=help&kind=${kind}&edit=${id}`;

/**
 * Every article or every Q&A with its category, whether it is published, what readers answered to
 * 'Was this helpful?', and Publish / Unpublish, Edit and (published) View.
 */
export function AdminHelpTable({
  kind,
  items,
  onNotice,
}: {
  kind: HelpKind;
  items: AdminHelpItem[];
  onNotice: (notice: HelpNotice | null) => void;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="text-slate-700">{t(`helpAdmin.${kind}.empty`)}</p>;
  return (
    <ScrollRegion label={t('helpAdmin.table')} className="rounded-xl border border-slate-200 bg-white">
      <table aria-labelledby="help-admin-list-title" className="w-full text-left">
        <thead className="bg-slate-50 text-sm">
          <tr>
            <th scope="col" className="p-3">
              {t(`helpAdmin.${kind}.title`)}
            </th>
            <th scope="col" className="p-3">
              {t('helpAdmin.category')}
            </th>
            <th scope="col" className="p-3">
              {t('helpAdmin.status')}
            </th>
            <th scope="col" className="p-3 text-right">
              {t('helpAdmin.helpfulYes')}
            </th>
            <th scope="col" className="p-3 text-right">
              {t('helpAdmin.helpfulNo')}
            </th>
            <th scope="col" className="p-3">
              {t('helpAdmin.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <HelpRow key={item.id} item={item} onNotice={onNotice} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function HelpRow({ item, onNotice }: { item: AdminHelpItem; onNotice: (notice: HelpNotice | null) => void }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateHelpItem(item.kind);
  const number = numberFormat(i18n.language, { maximumFractionDigits: 0 });
  const title = item.title.en;
  const missingSpanish = !item.title.es.trim() || !item.body.es.trim();

  async function togglePublished() {
    const publish = !item.published;
    onNotice(null);
    try {
      await update.mutateAsync({ id: item.id, input: { ...inputOf(item), published: publish } });
      toast({ title: t(publish ? 'helpAdmin.publishedToast' : 'helpAdmin.unpublishedToast', { title }) });
    } catch (error) {
      onNotice({
        title: t(publish ? 'helpAdmin.publishFailed' : 'helpAdmin.unpublishFailed', { title }),
        reasons: refusalReasons(t, error, 'helpAdmin.saveFailed'),
        itemId: item.id,
      });
    }
  }

  return (
    <tr className="border-t border-slate-200 align-middle">
      <th scope="row" className="min-w-48 p-3 font-medium">
        <span lang="en">{title}</span>
        {missingSpanish && (
          <span className="ml-2 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
            {t('helpAdmin.spanishMissing')}
          </span>
        )}
      </th>
      <td className="p-3 text-sm">{t(`help.categories.${item.category}`)}</td>
      <td className="p-3">
        <span
          className={`rounded-full px-2 py-0.5 text-sm font-medium whitespace-nowrap ${item.published ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-800'}`}
        >
          {item.published ? t('helpAdmin.statusPublished') : t('helpAdmin.statusDraft')}
        </span>
      </td>
      <td className="p-3 text-right tabular-nums">{number.format(item.votes.helpful)}</td>
      <td className="p-3 text-right tabular-nums">{number.format(item.votes.notHelpful)}</td>
      <td className="p-3">
        <div className="flex gap-2 whitespace-nowrap">
          <button
            type="button"
            disabled={update.isPending}
            aria-label={t(item.published ? 'helpAdmin.unpublishItem' : 'helpAdmin.publishItem', { title })}
            onClick={() => void togglePublished()}
            className={smallButton}
          >
            {item.published ? t('helpAdmin.unpublish') : t('helpAdmin.publish')}
          </button>
          <Link
            to={editorLink(item.kind, item.id)}
            state={{ fromList: true }}
            aria-label={t('helpAdmin.editItem', { title })}
            className={smallButton}
          >
            {t('helpAdmin.edit')}
          </Link>
          {item.published && (
            <Link
              to={helpItemPath(item.kind, item.slug)}
              aria-label={t('helpAdmin.viewItem', { title })}
              className={smallButton}
            >
              {t('helpAdmin.view')}
            </Link>
          )}
        </div>
      </td>
    </tr>
  );
}
