import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTOS } from '@dealclub/shared/deal-rules';
import { PHOTO_ACCEPT, sortPhotos, type PhotoRefusal } from './form-photo-checks';

/**
 * The "Add photos" picker (several files at once) with the count and the limits. Files the API
 * would refuse (not an image, over 15 MB, beyond 30) are listed with the reason and not passed on.
 */
export function PhotoInput({
  count,
  disabled = false,
  onAccepted,
  inputRef,
}: {
  count: number;
  disabled?: boolean;
  onAccepted: (files: File[]) => void;
  /** The file input, for the focus to come back to (after the last photo is removed). */
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ownInput = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;
  const [refused, setRefused] = useState<{ name: string; code: PhotoRefusal }[]>([]);
  const full = count >= MAX_PHOTOS;

  async function pick(list: FileList | null) {
    const files = list ? [...list] : [];
    if (input.current) input.current.value = '';
    if (files.length === 0) return;
    const sorted = await sortPhotos(files, count);
    setRefused(sorted.refused.map(({ file, code }) => ({ name: file.name, code })));
    if (sorted.accepted.length) onAccepted(sorted.accepted);
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={`inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 px-4 font-medium focus-within:ring-2 focus-within:ring-brand-100 ${
            disabled || full ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-slate-50'
          }`}
        >
          <ImagePlus aria-hidden className="size-4" />
          {t('dealForm.photos.add')}
          <input
            ref={input}
            id={id}
            type="file"
            multiple
            accept={PHOTO_ACCEPT}
            className="sr-only"
            disabled={disabled || full}
            aria-describedby={`${id}-hint`}
            onChange={(e) => void pick(e.target.files)}
          />
        </label>
        <span className="text-sm text-slate-700">
          {t('dealForm.photos.count', { count, max: MAX_PHOTOS })}
        </span>
      </div>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {t('dealForm.photos.hint', { max: MAX_PHOTOS })}
      </p>
      {refused.length > 0 && (
        <ul
          role="alert"
          className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          {refused.map((r, i) => (
            <li key={`${r.name}-${i}`}>
              {t('dealForm.photos.refused', { name: r.name, reason: t(`errors.${r.code}`) })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
