import { BadgeCheck, Download } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '@dealclub/shared/errors';
import { STATEMENT_ACCEPT, VERIFIED_LOAN_FIELDS, type Verification } from '@dealclub/shared/verifications';
import { FormAlert, SubmitButton } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { downloadStatement, useDealVerification, useUploadStatement } from '../api/verification';
import { checkStatement, formatVerifiedField } from '@/lib/verified-fields';

const STATUS_STYLES: Record<Verification['status'], string> = {
  pending: 'border-amber-200 bg-amber-50 text-amber-900',
  approved: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  rejected: 'border-red-200 bg-red-50 text-red-800',
  lapsed: 'border-slate-300 bg-slate-100 text-slate-800',
};

/** The state of a verification in one sentence, in the reader's language. */
export function verificationStateText(
  t: (key: string, vars?: Record<string, string>) => string,
  verification: Verification,
  language: string,
): string {
  const day = (value: string | null) => (value ? formatDay(value, language) : '');
  switch (verification.status) {
    case 'pending':
      return t('verification.state.pending', { date: day(verification.createdAt) });
    case 'approved':
      return t('verification.state.approved', {
        date: day(verification.decidedAt),
        expires: day(verification.expiresAt),
      });
    case 'rejected':
      return t('verification.state.rejected', { date: day(verification.decidedAt) });
    case 'lapsed': {
      const when = t('verification.state.lapsed', { date: day(verification.lapsedAt) });
      return verification.lapsedReason
        ? `${when} ${t(`verification.lapsedReason.${verification.lapsedReason}`)}`
        : when;
    }
  }
}

/**
 * "Verify your terms" on the edit page of a subject-to or hybrid deal: the latest verification's
 * state (with the admin's note), the statement to download again, and, for the deal's originator,
 * the upload of a new statement, checked here by type and size with the server's own messages.
 */
export function VerifyTermsSection({ dealId, canUpload }: { dealId: string; canUpload: boolean }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const state = useDealVerification(dealId);
  const upload = useUploadStatement(dealId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const verification = state.data?.verification ?? null;

  const messageOf = (code: ErrorCode | undefined) =>
    code
      ? t(`errors.${code}`, { defaultValue: t('verification.uploadFailed') })
      : t('verification.uploadFailed');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (!file) {
      setProblem(messageOf('FILE_REQUIRED'));
      input.current?.focus();
      return;
    }
    const code = await checkStatement(file);
    if (code) {
      setProblem(messageOf(code));
      input.current?.focus();
      return;
    }
    setProblem(null);
    upload.mutate(file, {
      onSuccess: () => {
        setDone(true);
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (error) => {
        setProblem(messageOf(error instanceof ApiError ? error.code : undefined));
        input.current?.focus();
      },
    });
  }

  async function onDownload(current: Verification) {
    setDownloadFailed(false);
    try {
      await downloadStatement(dealId, current.fileName);
    } catch {
      setDownloadFailed(true);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      data-testid="verify-terms"
      className="mt-10 grid gap-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
        <BadgeCheck aria-hidden className="size-5 text-emerald-700" />
        {t('verification.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('verification.intro')}</p>

      <div className="grid gap-2" aria-live="polite">
        <h3 className="text-sm font-semibold text-slate-800">{t('verification.current')}</h3>
        {state.isPending ? null : verification ? (
          <div className="grid gap-3">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span
                className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[verification.status]}`}
              >
                {t(`verification.status.${verification.status}`)}
              </span>
              <span data-testid="verification-state">
                {verificationStateText(t, verification, i18n.language)}
              </span>
            </p>
            {verification.note && (
              <div className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
                <p className="font-semibold">{t('verification.note')}</p>
                <p className="whitespace-pre-line" data-testid="verification-note">
                  {verification.note}
                </p>
              </div>
            )}
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
              {VERIFIED_LOAN_FIELDS.map((field) => (
                <div key={field}>
                  <dt className="text-xs text-slate-600">{t(`dealDetail.fields.${field}`)}</dt>
                  <dd className="font-medium">
                    {formatVerifiedField(t, field, verification.fields[field], i18n.language)}
                  </dd>
                </div>
              ))}
            </dl>
            <div>
              <button
                type="button"
                onClick={() => void onDownload(verification)}
                className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-semibold hover:bg-slate-50"
              >
                <Download aria-hidden className="size-4" />
                {t('verification.download')}
              </button>
            </div>
            {downloadFailed && <FormAlert>{t('verification.downloadFailed')}</FormAlert>}
          </div>
        ) : (
          <p className="text-sm text-slate-700">{t('verification.none')}</p>
        )}
      </div>

      {canUpload && (
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-3">
          <div className="grid gap-1.5">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              {t('verification.file')}
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept={STATEMENT_ACCEPT}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? errorId : undefined}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setProblem(null);
                setDone(false);
              }}
              className="rounded-md border border-slate-300 bg-white p-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:font-medium"
            />
            {problem && (
              <p id={errorId} role="alert" className="text-sm text-red-700">
                {problem}
              </p>
            )}
          </div>
          <div>
            <SubmitButton busy={upload.isPending} busyLabel={t('verification.uploading')}>
              {t('verification.upload')}
            </SubmitButton>
          </div>
          {done && <FormAlert tone="success">{t('verification.uploaded')}</FormAlert>}
        </form>
      )}
    </section>
  );
}
