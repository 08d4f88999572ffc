import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form-field';
import { UploadProgress } from './form-photo-list';

export interface UploadItem {
  key: string;
  name: string;
  progress: number;
  error: string | null;
  done: boolean;
}

/**
 * After a new deal is saved: its photos upload one after the other, each with its progress bar.
 * When all are in, the form goes on to the deal; when some failed, this says so and links on.
 */
export function UploadPhase({
  dealId,
  items,
  finished,
}: {
  dealId: string;
  items: readonly UploadItem[];
  finished: boolean;
}) {
  const { t } = useTranslation();
  const done = items.filter((i) => i.done).length;
  return (
    <section
      aria-labelledby="deal-upload-title"
      className="grid gap-5 rounded-xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id="deal-upload-title" className="text-xl font-semibold">
          {t('dealForm.photos.uploadingTitle')}
        </h2>
        <p className="text-slate-700" role="status" aria-live="polite">
          {t('dealForm.photos.uploadingLead', { done, count: items.length })}
        </p>
      </div>
      <ul className="grid gap-3">
        {items.map((item) => (
          <UploadProgress
            key={item.key}
            name={item.name}
            progress={item.progress}
            error={item.error}
            done={item.done}
          />
        ))}
      </ul>
      {finished && (
        <>
          <FormAlert>{t('dealForm.photos.someFailed')}</FormAlert>
          <div className="flex flex-wrap gap-3">
            <Link
              to={`/deals/${dealId}`}
              className="inline-flex h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
            >
              {t('dealForm.photos.goToDeal')}
            </Link>
            <Link
              to={`/deals/${dealId}/edit`}
              className="inline-flex h-11 items-center rounded-md border border-slate-300 px-4 font-medium hover:bg-slate-50"
            >
              {t('dealForm.photos.editPhotos')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
