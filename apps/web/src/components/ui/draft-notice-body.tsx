/**
 * "Your draft is back" (see draft-notice.tsx, which loads this only when a draft came back): when it
 * was kept, the files that were not kept (to choose again), and a way to discard it. After a discard
 * the focus goes to the form's first field, never to the page's body.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '@/lib/drafts';
import { formatMoment } from '@/lib/dates';
import { useLocaleSection } from '@/lib/i18n';

export default function DraftNotice({ draft, onDiscard }: { draft: Draft<unknown>; onDiscard: () => void }) {
  const { t, i18n } = useTranslation();
  const ready = useLocaleSection('drafts');
  const ref = useRef<HTMLDivElement>(null);

  function discard() {
    const scope = ref.current?.closest('form') ?? ref.current?.parentElement;
    onDiscard();
    // After React has put the form back: its first field takes the focus.
    requestAnimationFrame(() => {
      const field = scope?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select');
      field?.focus();
    });
  }

  if (!ready) return null;
  return (
    <div
      ref={ref}
      role="status"
      data-testid="draft-notice"
      className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950"
    >
      <div className="grid gap-1">
        <p className="font-medium">
          {t('drafts.restored', { time: formatMoment(new Date(draft.savedAt).toISOString(), i18n.language) })}
        </p>
        {draft.files.length > 0 && (
          <p>{t('drafts.filesNotKept', { count: draft.files.length, names: draft.files.join(', ') })}</p>
        )}
      </div>
      <button
        type="button"
        onClick={discard}
        className="inline-flex min-h-11 items-center rounded-md border border-sky-300 bg-white px-3 font-medium text-sky-900 hover:bg-sky-100 focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:outline-none"
      >
        {t('drafts.discard')}
      </button>
    </div>
  );
}
