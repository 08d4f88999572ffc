/**
 * The `/feedback` and `/owners-feedback` form (DECISIONS.md, Pages the spec lists without content):
 * type bug, idea, question or other and a comment. Signed in it is sent as the user's; signed out it
 * asks for an optional e-mail and the human check (ALTCHA), and goes to the public call. The
 * server's refusals show in the user's language.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_TYPES,
  type FeedbackSource,
  type FeedbackType,
} from '@dealclub/shared/feedback';
import { PageFallback } from '@/components/layout/page-fallback';
import { TextAreaField } from '@/components/ui/choice-fields';
import { KeptDraftNotice } from '@/components/ui/draft-notice';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLocaleSection } from '@/lib/i18n';
import { codedErrorText } from '@/lib/server-errors';
import { useSession } from '@/lib/session/session-context';
import { useDraft } from '@/lib/use-draft';
import { useSendFeedback, useSendPublicFeedback } from '../api/feedback';
import { checkFeedback, commentToSend, refusalToast } from '../lib/feedback-rules';
import { TypeChoice } from './feedback-fields';
import { NOTHING_KEPT, type KeptFeedback } from './feedback-kept';
import { HumanCheck } from './human-check';
import { useFeedbackToasts } from './use-feedback-toasts';

type PageSource = Exclude<FeedbackSource, 'widget'>;

export function FeedbackPage({ source }: { source: PageSource }) {
  const { t } = useTranslation();
  usePageTitle(t(source === 'owners' ? 'pages.ownersFeedback' : 'pages.feedback'));
  const textsReady = useLocaleSection('feedback');
  const session = useSession();
  if (!textsReady || session.status === 'loading') return <PageFallback />;
  const owners = source === 'owners';
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        {t(owners ? 'feedback.page.ownersTitle' : 'feedback.page.title')}
      </h1>
      <p className="mt-2 text-slate-700">{t(owners ? 'feedback.page.ownersLead' : 'feedback.page.lead')}</p>
      <div className="mt-8">
        <FeedbackForm source={source} signedInAs={session.user ? nameOf(session.user) : null} />
      </div>
    </section>
  );
}

const nameOf = (user: { firstName?: string | null; lastName?: string | null; email?: string | null }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email || '';

function FeedbackForm({ source, signedInAs }: { source: PageSource; signedInAs: string | null }) {
  const { t } = useTranslation();
  const hintId = useId();
  // Signed in, what the user types is kept until it is sent (issue 33).
  const kept = useDraft<KeptFeedback>('feedback-page', source, NOTHING_KEPT);
  const [type, setType] = useState<FeedbackType | null>(kept.initial.type);
  const [comment, setComment] = useState(kept.initial.comment);
  const { keep } = kept;
  useEffect(() => keep({ type, comment }), [keep, type, comment]);
  const [email, setEmail] = useState('');
  const [proof, setProof] = useState<string | null>(null);
  const [checkKey, setCheckKey] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const signedIn = signedInAs !== null;
  const send = useSendFeedback();
  const sendPublic = useSendPublicFeedback();
  const { succeeded, failed } = useFeedbackToasts();
  const busy = send.isPending || sendPublic.isPending;

  if (sent) {
    return (
      <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6" role="status">
        <h2 className="text-xl font-semibold">{t('feedback.page.sentTitle')}</h2>
        <p className="text-slate-700">{t('feedback.page.sentBody')}</p>
        <button
          type="button"
          onClick={() => {
            setSent(false);
            setType(null);
            setComment('');
            setProof(null);
            setCheckKey((k) => k + 1);
          }}
          className="h-11 justify-self-start rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          {t('feedback.page.sendAnother')}
        </button>
      </div>
    );
  }

  const onSuccess = () => {
    kept.saved();
    succeeded();
    setSent(true);
  };
  const onError = (error: unknown) => {
    failed(error);
    setFailure(codedErrorText(t, error, 'feedback.failed'));
    // A proof is good once, and a refused one is spent or stale: the visitor verifies again.
    if (!signedIn) {
      setProof(null);
      setCheckKey((k) => k + 1);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const refusal = checkFeedback(type, comment);
    if (refusal || !type) {
      const keys = refusalToast(refusal ?? 'required');
      toast({ title: t(keys.title), description: t(keys.description), variant: 'destructive' });
      setFailure(t(keys.description));
      return;
    }
    const text = commentToSend(comment);
    if (signedIn) {
      const body = { type, comment: text, source };
      // Settled even if the page is left meanwhile: the draft must not outlive the send.
      kept
        .keyFor(body, { type, comment })
        .then((idempotencyKey) => send.mutateAsync({ ...body, idempotencyKey }))
        .then(onSuccess, onError);
      return;
    }
    if (!proof) {
      setFailure(t('feedback.page.humanCheckRequired'));
      return;
    }
    const address = email.trim();
    sendPublic.mutate(
      { type, comment: text, proof, source, ...(address ? { email: address } : {}) },
      { onSuccess, onError },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <KeptDraftNotice
        draft={kept}
        reset={() => {
          setType(null);
          setComment('');
        }}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      {signedIn && <p className="text-slate-700">{t('feedback.page.signedInAs', { name: signedInAs })}</p>}
      <TypeChoice types={FEEDBACK_TYPES} value={type} onChoose={setType} compact />
      <TextAreaField
        label={t('feedback.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={FEEDBACK_COMMENT_MAX}
        length={comment.length}
        rows={6}
        required
      />
      {!signedIn && (
        <>
          <FormField
            label={t('feedback.page.email')}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            maxLength={254}
            hint={<p className="text-sm text-slate-700">{t('feedback.page.emailHint')}</p>}
          />
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium text-slate-800">
              {t('feedback.page.humanCheck')}
            </legend>
            <p id={hintId} className="text-sm text-slate-700">
              {t('feedback.page.humanCheckHint')}
            </p>
            <HumanCheck onProof={setProof} resetKey={checkKey} describedBy={hintId} />
          </fieldset>
        </>
      )}
      <div>
        <button
          type="submit"
          disabled={busy}
          className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {busy ? t('feedback.sending') : t('feedback.submit')}
        </button>
      </div>
    </form>
  );
}
