/**
 * The feedback widget (shell §2, §4, §5, §8): a panel above its button in three steps — choose the
 * type (bug, idea, question), fill the form (comment, and for a bug an optional screenshot), and a
 * thank-you with 'Send More Feedback'. Choosing a type other than bug clears the screenshot; closing
 * resets the widget after 300 ms. The page it was sent from (path and query) goes with it.
 */
import { ArrowLeft, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FEEDBACK_COMMENT_MAX, WIDGET_FEEDBACK_TYPES, type FeedbackType } from '@dealclub/shared/feedback';
import { TextAreaField } from '@/components/ui/choice-fields';
import { KeptDraftNotice } from '@/components/ui/draft-notice';
import { toast } from '@/components/ui/use-toast';
import { useLocaleSection } from '@/lib/i18n';
import { useDraft, type FormDraft } from '@/lib/use-draft';
import { useSendFeedback } from '../api/feedback';
import { checkFeedback, commentToSend, refusalToast } from '../lib/feedback-rules';
import { NOTHING_KEPT, type KeptFeedback } from './feedback-kept';
import { FEEDBACK_WIDGET_ID } from './feedback-widget-id';
import { ScreenshotInput, TypeChoice } from './feedback-fields';
import { useFeedbackToasts } from './use-feedback-toasts';

/** Shell §9: the widget resets this long after it closes. */
export const WIDGET_RESET_MS = 300;

type Step = 'type' | 'form' | 'thanks';

interface Draft {
  step: Step;
  type: FeedbackType | null;
  comment: string;
  screenshot: File | null;
}

const EMPTY: Draft = { step: 'type', type: null, comment: '', screenshot: null };

export default function FeedbackWidget({ open, onClose }: { open: boolean; onClose: () => void }) {
  const kept = useDraft<KeptFeedback>('feedback', undefined, NOTHING_KEPT);
  const [draft, setDraft] = useState<Draft>(() =>
    kept.initial.type ? { ...EMPTY, ...kept.initial, step: 'form' } : EMPTY,
  );
  const { keep, dismiss } = kept;
  useEffect(() => {
    keep({ type: draft.type, comment: draft.comment }, draft.screenshot ? [draft.screenshot.name] : []);
  }, [keep, draft]);
  useEffect(() => {
    if (open) return;
    const timer = window.setTimeout(() => {
      setDraft(EMPTY);
      // The draft went with the reset: no notice says it is back.
      dismiss();
    }, WIDGET_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [open, dismiss]);
  const textsReady = useLocaleSection('feedback');
  if (!open || !textsReady) return null;
  return <Panel draft={draft} setDraft={setDraft} kept={kept} onClose={onClose} />;
}

function Panel({
  draft,
  setDraft,
  kept,
  onClose,
}: {
  draft: Draft;
  setDraft: (update: (draft: Draft) => Draft) => void;
  kept: FormDraft<KeptFeedback>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Each step starts with the focus on its heading, so a screen reader reads where it is.
  useEffect(() => heading.current?.focus(), [draft.step]);
  const chooseType = (type: FeedbackType) =>
    setDraft((d) => ({ ...d, type, step: 'form', screenshot: type === 'bug' ? d.screenshot : null }));
  const heads: Record<Step, string> = {
    type: t('feedback.chooseType'),
    form: t('feedback.widgetTitle'),
    thanks: t('feedback.thanksTitle'),
  };
  return (
    <div
      ref={panel}
      id={FEEDBACK_WIDGET_ID}
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      className="fixed right-4 bottom-20 z-30 flex max-h-[calc(100dvh-6rem)] w-[min(24rem,calc(100vw-2rem))] flex-col overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 shadow-xl"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
          {heads[draft.step]}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('feedback.close')}
          className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      {draft.step === 'type' && (
        <div className="mt-4">
          <TypeChoice types={WIDGET_FEEDBACK_TYPES} onChoose={chooseType} />
        </div>
      )}
      {draft.step === 'form' && draft.type && (
        <WidgetForm
          draft={draft}
          kept={kept}
          onReset={() => setDraft(() => EMPTY)}
          onType={chooseType}
          onChange={(change) => setDraft((d) => ({ ...d, ...change }))}
          onBack={() => setDraft((d) => ({ ...d, step: 'type' }))}
          onSent={() => setDraft(() => ({ ...EMPTY, step: 'thanks' }))}
        />
      )}
      {draft.step === 'thanks' && (
        <div className="mt-3 grid gap-4">
          <p className="text-slate-700">{t('feedback.thanksBody')}</p>
          <button
            type="button"
            onClick={() => setDraft(() => EMPTY)}
            className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            {t('feedback.sendMore')}
          </button>
        </div>
      )}
    </div>
  );
}

function WidgetForm({
  draft,
  kept,
  onReset,
  onType,
  onChange,
  onBack,
  onSent,
}: {
  draft: Draft;
  kept: FormDraft<KeptFeedback>;
  onReset: () => void;
  onType: (type: FeedbackType) => void;
  onChange: (change: Partial<Draft>) => void;
  onBack: () => void;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const send = useSendFeedback();
  const { succeeded, failed } = useFeedbackToasts();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = checkFeedback(draft.type, draft.comment);
    if (refusal || !draft.type) {
      const keys = refusalToast(refusal ?? 'required');
      toast({ title: t(keys.title), description: t(keys.description), variant: 'destructive' });
      return;
    }
    const body = {
      type: draft.type,
      comment: commentToSend(draft.comment),
      page: `${location.pathname}${location.search}`,
    };
    const screenshot = draft.type === 'bug' ? draft.screenshot : null;
    const files = screenshot ? [screenshot.name] : [];
    // The screenshot's name, size and date stand for its bytes: a new picture is a new submission.
    const picture = screenshot && [screenshot.name, screenshot.size, screenshot.lastModified];
    // Settled even if the widget is gone meanwhile (a navigation): the draft must not outlive the send.
    kept
      .keyFor({ ...body, picture }, { type: draft.type, comment: draft.comment }, files)
      .then((idempotencyKey) => send.mutateAsync({ ...body, screenshot, idempotencyKey }))
      .then(() => {
        kept.saved();
        succeeded();
        onSent();
      }, failed);
  };
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
      <KeptDraftNotice draft={kept} reset={onReset} />
      <TypeChoice types={WIDGET_FEEDBACK_TYPES} value={draft.type} onChoose={onType} compact />
      <TextAreaField
        label={t('feedback.comment')}
        value={draft.comment}
        onChange={(e) => onChange({ comment: e.target.value })}
        maxLength={FEEDBACK_COMMENT_MAX}
        length={draft.comment.length}
        required
      />
      {draft.type === 'bug' && (
        <ScreenshotInput file={draft.screenshot} onChange={(screenshot) => onChange({ screenshot })} />
      )}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={send.isPending}
          className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {send.isPending ? t('feedback.sending') : t('feedback.submit')}
        </button>
        <button
          type="button"
          onClick={onBack}
          className="inline-flex h-11 items-center gap-1 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-100"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('feedback.back')}
        </button>
      </div>
    </form>
  );
}
