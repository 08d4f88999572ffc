import { FileText, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CLOSING_DOCUMENT_ACCEPT, type ClosingMilestone } from '@dealclub/shared/closing';
import type { ErrorCode } from '@dealclub/shared/errors';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { downloadDocument, useUploadDocument } from '../api/milestone-documents';
import { closingDocumentProblem } from '../lib/document-check';
import { sizeText } from '../lib/wording';

/** A milestone's documents, each downloaded with the reader's token; in print, their names. */
export function DocumentList({ dealId, milestone }: { dealId: string; milestone: ClosingMilestone }) {
  const { t, i18n } = useTranslation();
  if (milestone.documents.length === 0) {
    return <p className="text-sm text-slate-600">{t('closing.room.documents.none')}</p>;
  }

  async function download(document: ClosingMilestone['documents'][number]) {
    try {
      await downloadDocument(dealId, document);
    } catch {
      toast({ title: t('closing.room.documents.downloadFailed'), variant: 'destructive' });
    }
  }

  return (
    <ul className="grid gap-1">
      {milestone.documents.map((document) => (
        <li key={document.id} className="flex min-w-0 flex-wrap items-center gap-x-2 text-sm">
          <FileText aria-hidden className="size-4 shrink-0 text-slate-600 print:hidden" />
          <button
            type="button"
            onClick={() => void download(document)}
            aria-label={t('closing.room.documents.download', { name: document.name })}
            className="min-h-11 min-w-0 text-left font-medium break-all text-brand-800 underline hover:text-brand-900 print:hidden"
          >
            {document.name}
          </button>
          <span className="hidden font-medium break-all print:inline">{document.name}</span>
          <span className="text-slate-600">
            {sizeText(t, document.size, i18n.language)} ·{' '}
            {t('closing.room.documents.added', { date: formatDay(document.uploadedAt, i18n.language) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Add a document" to a milestone (any member, while the room is open): the file is checked here by
 * the server's rules (type by its bytes, size, the milestone's count) with the server's messages,
 * then sent. The form stays in place after an upload, so the focus stays on its button.
 */
export function DocumentUpload({
  dealId,
  milestone,
  title,
}: {
  dealId: string;
  milestone: ClosingMilestone;
  title: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDocument(dealId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const messageOf = (code: ErrorCode | undefined) =>
    code
      ? t(`errors.${code}`, { defaultValue: t('closing.room.documents.failed') })
      : t('closing.room.documents.failed');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = await closingDocumentProblem(file, milestone.documents.length);
    if (code || !file) {
      setProblem(messageOf(code ?? 'FILE_REQUIRED'));
      input.current?.focus();
      return;
    }
    setProblem(null);
    try {
      const { document } = await upload.mutateAsync({ key: milestone.key, file });
      setFile(null);
      if (input.current) input.current.value = '';
      toast({ title: t('closing.room.documents.uploaded', { name: document.name, milestone: title }) });
    } catch (error) {
      setProblem(messageOf(error instanceof ApiError ? error.code : undefined));
      input.current?.focus();
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-2 print:hidden">
      {/* Its name says which milestone (there is one per milestone), starting with what it shows. */}
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {t('closing.room.documents.add')}
      </label>
      <div className="flex flex-wrap items-start gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={CLOSING_DOCUMENT_ACCEPT}
          aria-label={t('closing.room.documents.addTo', { milestone: title })}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblem(null);
          }}
          className="w-full min-w-0 rounded-md border border-slate-300 bg-white p-2 text-sm file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:font-medium sm:w-auto sm:flex-1"
        />
        <button
          type="submit"
          disabled={upload.isPending}
          aria-label={
            upload.isPending ? undefined : t('closing.room.documents.uploadTo', { milestone: title })
          }
          className="inline-flex h-11 items-center gap-2 rounded-md border border-brand-700 bg-white px-4 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70"
        >
          <Upload aria-hidden className="size-4" />
          {upload.isPending ? t('closing.room.documents.uploading') : t('closing.room.documents.upload')}
        </button>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {t('closing.room.documents.hint')}
      </p>
      {problem && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}
