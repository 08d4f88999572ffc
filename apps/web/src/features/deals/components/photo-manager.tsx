import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { codedErrorText, serverFieldErrors, type Translate } from '@/lib/server-errors';
import { uploadDealPhoto, useRemovePhoto, useReorderPhotos, type DealPhotoItem } from '../api/deal-mutations';
import { PhotoInput } from './form-photo-input';
import { moveItem, PhotoList, UploadProgress } from './form-photo-list';

interface Upload {
  key: string;
  name: string;
  progress: number;
  error: string | null;
}

let uploadKey = 0;

/**
 * The text of an upload or photo call that failed: the server's field error (a photo order it
 * refused), else the API's code when it has one.
 */
export function photoErrorText(t: Translate, error: unknown, fallbackKey: string): string {
  return serverFieldErrors(error, t)[0]?.text ?? codedErrorText(t, error, fallbackKey);
}

/**
 * The photos of a saved deal: add several (uploaded one after the other, each with its progress),
 * remove, and put in order with move earlier / later; the first is the cover. Moves and removals
 * show at once and reach the API in order after the uploads before them, each sending the order
 * of that moment; when one fails the list is read again from the API.
 */
export function PhotoManager({ dealId, initial }: { dealId: string; initial: readonly DealPhotoItem[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [photos, setPhotosState] = useState<DealPhotoItem[]>([...initial]);
  const current = useRef<DealPhotoItem[]>([...initial]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const input = useRef<HTMLInputElement>(null);
  const remove = useRemovePhoto(dealId);
  const reorder = useReorderPhotos(dealId);
  const pending = uploads.filter((u) => !u.error).length;

  const setPhotos = (next: DealPhotoItem[]) => {
    current.current = next;
    setPhotosState(next);
  };
  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  function enqueue(task: () => Promise<void>) {
    queue.current = queue.current.then(task);
    void queue.current.then(() => queryClient.invalidateQueries({ queryKey: ['deals'] }));
  }

  async function resync(error: unknown) {
    toast({ title: photoErrorText(t, error, 'dealForm.photos.changeFailed'), variant: 'destructive' });
    try {
      const deal = await apiRequest<{ photos: DealPhotoItem[] }>(`/api/deals/${dealId}`);
      setPhotos(deal.photos);
    } catch {
      // The list stays as shown; the next change or a reload puts it right.
    }
  }

  function add(files: File[]) {
    const items = files.map((file) => ({ file, key: `upload-${++uploadKey}` }));
    // A new pick clears the failures of the previous ones.
    setUploads((list) => [
      ...list.filter((u) => !u.error),
      ...items.map(({ file, key }) => ({ key, name: file.name, progress: 0, error: null })),
    ]);
    for (const { file, key } of items) {
      enqueue(async () => {
        try {
          const result = await uploadDealPhoto(dealId, {
            file,
            onProgress: (progress) => patch(key, { progress }),
          });
          setPhotos([...current.current.filter((p) => p.id !== result.photo.id), result.photo]);
          setUploads((list) => list.filter((u) => u.key !== key));
        } catch (error) {
          patch(key, { error: photoErrorText(t, error, 'dealForm.photos.uploadFailed') });
        }
      });
    }
  }

  function removeAt(index: number) {
    const photo = photos[index];
    if (!photo) return;
    setPhotos(photos.filter((p) => p.id !== photo.id));
    enqueue(async () => {
      try {
        await remove.mutateAsync(photo.id);
        toast({ title: t('dealForm.photos.removed') });
      } catch (error) {
        await resync(error);
      }
    });
  }

  function moveTo(from: number, to: number) {
    setPhotos(moveItem(photos, from, to));
    enqueue(async () => {
      try {
        await reorder.mutateAsync(current.current.map((p) => p.id));
      } catch (error) {
        await resync(error);
      }
    });
  }

  return (
    <div className="grid gap-4">
      <PhotoInput inputRef={input} count={photos.length + pending} onAccepted={add} />
      {uploads.length > 0 && (
        <ul className="grid gap-3" aria-label={t('dealForm.photos.uploads')}>
          {uploads.map((u) => (
            <UploadProgress key={u.key} name={u.name} progress={u.progress} error={u.error} />
          ))}
        </ul>
      )}
      {photos.length === 0 && uploads.length === 0 ? (
        <p className="text-sm text-slate-600">{t('dealForm.photos.none')}</p>
      ) : (
        <PhotoList
          items={photos.map((p) => ({ key: p.id, src: p.thumbUrl }))}
          onMove={moveTo}
          onRemove={removeAt}
          focusWhenEmpty={() => input.current?.focus()}
        />
      )}
    </div>
  );
}
