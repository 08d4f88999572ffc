import { ExternalLink } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { streetWithUnit } from '@dealclub/shared/deal-rules';
import type { verificationDecisionSchema } from '@dealclub/shared/verification-decision';
import {
  VERIFICATION_NOTE_MAX_LENGTH,
  VERIFICATION_STATUSES,
  VERIFIED_LOAN_FIELDS,
  type VerificationDecision,
  type VerificationStatus,
} from '@dealclub/shared/verifications';
import { PageFallback } from '@/components/layout/page-fallback';
import { SelectField } from '@/components/ui/choice-fields';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatMoment } from '@/lib/dates';
import { useLocaleSection } from '@/lib/i18n';
import { formatVerifiedField } from '@/lib/verified-fields';
import {
  fetchStatement,
  useAdminVerifications,
  useDecideVerification,
  type AdminVerification,
} from '../api/verifications';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { loadOnce } from '@/lib/load-once';

type VerificationDecisionSchema = typeof verificationDecisionSchema;

/**
 * The decision's schema (and zod): loaded when a statement is opened for review, not with the
 * admin's screen; a failed download is tried again by the next decision.
 */
const loadDecisionSchema: () => Promise<VerificationDecisionSchema> = loadOnce(() =>
  import('@dealclub/shared/verification-decision').then((m) => m.verificationDecisionSchema),
);

const button =
  'inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-100 disabled:opacity-60';
const primary =
  'inline-flex h-10 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const danger =
  'inline-flex h-10 items-center rounded-md bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60';

const placeOf = (v: AdminVerification) =>
  `${streetWithUnit(v.deal.streetAddress, v.deal.unit)}, ${v.deal.city}, ${v.deal.state} ${v.deal.zipCode}`;

/**
 * `/admin?tab=verifications`: the mortgage statements to review (pending first; other states by the
 * filter). Opening one shows the statement beside the deal's loan fields at upload and now, with
 * Approve, and Reject with a note the seller sees.
 */
export function VerificationsTab() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useAdminVerifications(status);
  // The verification's texts are a section of the deal form's (the edit screen's section).
  const textsReady = useLocaleSection('dealForm');
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const open = items.find((v) => v.id === openId) ?? null;
  if (!textsReady) return <PageFallback />;

  return (
    <div className="grid gap-6">
      <div className="max-w-xs">
        <SelectField
          label={t('verification.admin.statusFilter')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as VerificationStatus);
            setOpenId(null);
          }}
          options={VERIFICATION_STATUSES.map((s) => ({ value: s, label: t(`verification.status.${s}`) }))}
        />
      </div>
      <ScrollRegion label={t('verification.admin.table')}>
        <table className="w-full text-left">
          <thead className="text-sm text-slate-700">
            <tr>
              <th className="p-3">{t('verification.admin.deal')}</th>
              <th className="p-3">{t('verification.admin.seller')}</th>
              <th className="p-3">{t('verification.admin.uploaded')}</th>
              <th className="p-3">{t('admin.status')}</th>
              <th className="p-3">
                <span className="sr-only">{t('verification.admin.review')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((v) => (
              <tr key={v.id} className="border-t border-slate-200 align-top">
                <td className="p-3 font-medium">{placeOf(v)}</td>
                <td className="p-3">
                  {v.seller ? (
                    <>
                      <div>
                        {v.seller.firstName} {v.seller.lastName}
                      </div>
                      <div className="text-sm text-slate-600">{v.seller.email}</div>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="p-3 text-sm">{formatMoment(v.createdAt, i18n.language)}</td>
                <td className="p-3 text-sm">{t(`verification.status.${v.status}`)}</td>
                <td className="p-3">
                  <button
                    type="button"
                    className={primary}
                    aria-expanded={openId === v.id}
                    aria-label={`${t('verification.admin.review')}: ${placeOf(v)}`}
                    onClick={() => setOpenId(openId === v.id ? null : v.id)}
                  >
                    {t('verification.admin.review')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isSuccess && items.length === 0 && (
          <p className="p-4 text-slate-600">{t('verification.admin.empty')}</p>
        )}
      </ScrollRegion>
      {list.hasNextPage && (
        <button type="button" className={button} onClick={() => void list.fetchNextPage()}>
          {t('admin.loadMore')}
        </button>
      )}
      {open && <VerificationReview key={open.id} verification={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}

/** The statement, fetched with the token, as an object URL for a frame (PDF) or an image. */
function useStatementUrl(verification: AdminVerification) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchStatement(verification.id, controller.signal).then(
      (blob) => {
        // Typed by the verification (one of PDF, JPEG, PNG), never by anything else.
        objectUrl = URL.createObjectURL(new Blob([blob], { type: verification.contentType }));
        setUrl(objectUrl);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [verification.id, verification.contentType]);
  return { url, failed };
}

function VerificationReview({
  verification,
  onClose,
}: {
  verification: AdminVerification;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const noteId = useId();
  const noteHintId = useId();
  const noteErrorId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const { url, failed } = useStatementUrl(verification);
  const decide = useDecideVerification();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const place = placeOf(verification);
  const pending = verification.status === 'pending';

  // While the schema downloads on a first decision: the buttons wait, and a review closed meanwhile
  // sends nothing.
  const [checking, setChecking] = useState(false);
  const open = useRef(true);

  useEffect(() => {
    heading.current?.focus();
    open.current = true;
    void loadDecisionSchema().catch(() => undefined);
    return () => {
      open.current = false;
    };
  }, []);

  async function submit(decision: VerificationDecision) {
    let schema: VerificationDecisionSchema;
    setChecking(true);
    try {
      schema = await loadDecisionSchema();
    } catch {
      toast({ title: t('routeError.partFailed'), variant: 'destructive' });
      return;
    } finally {
      setChecking(false);
    }
    if (!open.current) return;
    const parsed = schema.safeParse({ decision, note });
    if (!parsed.success) {
      setNoteError(t(parsed.error.issues[0]?.message ?? 'verification.validation.noteRequired'));
      noteField.current?.focus();
      return;
    }
    setNoteError(null);
    decide.mutate(
      { id: verification.id, ...parsed.data },
      {
        onSuccess: () => {
          toast({ title: t('verification.admin.decided') });
          onClose();
        },
        onError: (error) =>
          toast({
            title:
              error instanceof ApiError && error.code ? t(`errors.${error.code}`) : t('admin.actionFailed'),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="verification-review"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {t('verification.admin.reviewTitle', { place })}
        </h2>
        <button type="button" className={button} onClick={onClose}>
          {t('verification.admin.close')}
        </button>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-2">
          <h3 className="font-semibold">{t('verification.admin.statement')}</h3>
          {failed ? (
            <p role="alert" className="text-sm text-red-700">
              {t('verification.admin.statementFailed')}
            </p>
          ) : url ? (
            <>
              {verification.contentType === 'application/pdf' ? (
                <iframe
                  src={url}
                  title={`${t('verification.admin.statement')}: ${verification.fileName}`}
                  className="h-[36rem] w-full rounded-md border border-slate-200"
                />
              ) : (
                <img
                  src={url}
                  alt={`${t('verification.admin.statement')}: ${verification.fileName}`}
                  className="max-h-[36rem] w-full rounded-md border border-slate-200 object-contain"
                />
              )}
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 underline"
              >
                <ExternalLink aria-hidden className="size-4" />
                {t('verification.admin.openStatement')}
              </a>
            </>
          ) : (
            <div aria-hidden className="h-[36rem] animate-pulse rounded-md bg-slate-100" />
          )}
        </div>
        <div className="grid content-start gap-4">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-700">
              <tr>
                <th className="py-2 pr-2">{t('verification.admin.field')}</th>
                <th className="py-2 pr-2">{t('verification.admin.atUpload')}</th>
                <th className="py-2">{t('verification.admin.now')}</th>
              </tr>
            </thead>
            <tbody>
              {VERIFIED_LOAN_FIELDS.map((field) => {
                const then = verification.fields[field] ?? null;
                const now = verification.deal.currentFields[field] ?? null;
                const changed = then !== now;
                return (
                  <tr key={field} className="border-t border-slate-200">
                    <th scope="row" className="py-2 pr-2 font-medium">
                      {t(`dealDetail.fields.${field}`)}
                    </th>
                    <td className="py-2 pr-2">{formatVerifiedField(t, field, then, i18n.language)}</td>
                    <td className={`py-2 ${changed ? 'font-semibold text-amber-900' : ''}`}>
                      {formatVerifiedField(t, field, now, i18n.language)}
                      {changed && <span className="block text-xs">({t('verification.admin.changed')})</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {verification.note && !pending && (
            <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
              <p className="font-semibold">{t('verification.note')}</p>
              <p className="whitespace-pre-line">{verification.note}</p>
            </div>
          )}
          {pending && (
            <div className="grid gap-3">
              <div className="grid gap-1.5">
                <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
                  {t('verification.admin.note')}
                </label>
                <textarea
                  ref={noteField}
                  id={noteId}
                  rows={4}
                  value={note}
                  maxLength={VERIFICATION_NOTE_MAX_LENGTH}
                  aria-invalid={noteError ? true : undefined}
                  aria-describedby={noteError ? `${noteHintId} ${noteErrorId}` : noteHintId}
                  onChange={(e) => setNote(e.target.value)}
                  className="rounded-md border border-slate-300 p-2 text-base outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100"
                />
                <p id={noteHintId} className="text-xs text-slate-600">
                  {t('verification.admin.noteHint')}
                </p>
                {noteError && (
                  <p id={noteErrorId} role="alert" className="text-sm text-red-700">
                    {noteError}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={primary}
                  disabled={decide.isPending || checking}
                  onClick={() => void submit('approved')}
                >
                  {t('verification.admin.approve')}
                </button>
                <button
                  type="button"
                  className={danger}
                  disabled={decide.isPending || checking}
                  onClick={() => void submit('rejected')}
                >
                  {t('verification.admin.reject')}
                </button>
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
