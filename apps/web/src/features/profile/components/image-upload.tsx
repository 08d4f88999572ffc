import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sniffImageType } from '@dealclub/shared/image-types';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';

/**
 * An image with choose, replace and remove. The file is checked here as the server checks it (size,
 * and JPEG, PNG or WebP by its first bytes) so a wrong file is refused before it is sent.
 */
export function ImageUpload({
  title,
  hint,
  url,
  alt,
  emptyLabel,
  maxBytes,
  tooLargeCode,
  onUpload,
  onRemove,
  round = false,
}: {
  title: string;
  hint: string;
  url: string | null;
  alt: string;
  emptyLabel: string;
  maxBytes: number;
  tooLargeCode: 'LOGO_TOO_LARGE' | 'PICTURE_TOO_LARGE';
  onUpload: (file: File) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  round?: boolean;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function choose(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (file.size > maxBytes) return setError(t(`errors.${tooLargeCode}`));
    if (!sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) {
      return setError(t('errors.IMAGE_TYPE_UNSUPPORTED'));
    }
    await run(() => onUpload(file), 'upload.uploaded');
  }

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast({ title: t(done) });
    } catch (e) {
      setError(e instanceof ApiError && e.code ? t(`errors.${e.code}`) : t('profile.updateFailed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  const shape = round ? 'rounded-full' : 'rounded-lg';
  return (
    <div className="grid gap-3">
      <h3 className="text-base font-semibold">{title}</h3>
      <div className="flex flex-wrap items-center gap-4">
        {url ? (
          <img
            src={url}
            alt={alt}
            className={`size-24 border border-slate-200 bg-white object-contain ${shape}`}
          />
        ) : (
          <div
            className={`grid size-24 place-items-center border border-dashed border-slate-300 p-2 text-center text-xs text-slate-600 ${shape}`}
          >
            {emptyLabel}
          </div>
        )}
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <label
              htmlFor={inputId}
              className="inline-flex h-11 cursor-pointer items-center rounded-md border border-slate-300 px-4 font-medium hover:bg-slate-50 focus-within:ring-2 focus-within:ring-brand-100"
            >
              {busy ? t('upload.uploading') : url ? t('upload.replace') : t('upload.choose')}
              <input
                ref={input}
                id={inputId}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="sr-only"
                disabled={busy}
                aria-describedby={`${inputId}-hint`}
                onChange={(e) => void choose(e.target.files?.[0])}
              />
            </label>
            {url && (
              <button
                type="button"
                disabled={busy}
                onClick={() => void run(onRemove, 'upload.removed')}
                className="h-11 rounded-md px-4 font-medium text-red-800 hover:bg-red-50"
              >
                {t('upload.remove')}
              </button>
            )}
          </div>
          <p id={`${inputId}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        </div>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
