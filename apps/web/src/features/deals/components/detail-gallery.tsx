import { ChevronLeft, ChevronRight, Expand, Home } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DETAIL_PHOTO_SIZES, type DealPhoto } from '@/lib/deals';

/**
 * The photos of a deal: the main image with previous/next buttons, and the thumbnails to pick one
 * (Tab to reach them, the arrow keys, Home and End to move among them). The first photo is the
 * cover.
 */
export function DetailGallery({ photos }: { photos: DealPhoto[] }) {
  const { t } = useTranslation();
  const [chosen, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const total = photos.length;
  const index = Math.max(0, Math.min(chosen, total - 1));
  const current = photos[index];

  if (!current) {
    return (
      <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 text-slate-600">
        <Home aria-hidden className="size-12" />
        <p>{t('dealDetail.gallery.none')}</p>
      </div>
    );
  }

  const show = (next: number, focus = false) => {
    const wrapped = (next + total) % total;
    setIndex(wrapped);
    if (focus) thumbs.current[wrapped]?.focus();
  };

  function onThumbKey(e: KeyboardEvent<HTMLButtonElement>, i: number) {
    const moves: Record<string, number> = {
      ArrowRight: i + 1,
      ArrowDown: i + 1,
      ArrowLeft: i - 1,
      ArrowUp: i - 1,
      Home: 0,
      End: total - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    show(next, true);
  }

  const position = t('dealDetail.gallery.photo', { index: index + 1, total });

  return (
    <div className="grid gap-3">
      <figure className="relative overflow-hidden rounded-xl bg-slate-900">
        <img
          src={current.url}
          srcSet={current.srcSet}
          sizes={DETAIL_PHOTO_SIZES}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          alt={position}
          width={current.width}
          height={current.height}
          className="aspect-[4/3] w-full object-contain"
        />
        {total > 1 && (
          <>
            <button
              type="button"
              onClick={() => show(index - 1)}
              aria-label={t('dealDetail.gallery.previous')}
              className="absolute top-1/2 left-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white"
            >
              <ChevronLeft aria-hidden className="size-6" />
            </button>
            <button
              type="button"
              onClick={() => show(index + 1)}
              aria-label={t('dealDetail.gallery.next')}
              className="absolute top-1/2 right-2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white"
            >
              <ChevronRight aria-hidden className="size-6" />
            </button>
          </>
        )}
        <figcaption className="flex items-center justify-between gap-2 bg-black/70 px-3 py-2 text-sm text-white">
          <span aria-live="polite">{position}</span>
          <a
            href={current.fullUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 underline"
          >
            <Expand aria-hidden className="size-4" />
            {t('dealDetail.gallery.openFull')}
          </a>
        </figcaption>
      </figure>
      {total > 1 && (
        <ul aria-label={t('dealDetail.gallery.thumbnails')} className="flex gap-2 overflow-x-auto pb-1">
          {photos.map((photo, i) => (
            <li key={photo.id} className="shrink-0">
              <button
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                onClick={() => show(i)}
                onKeyDown={(e) => onThumbKey(e, i)}
                aria-label={t('dealDetail.gallery.photo', { index: i + 1, total })}
                aria-current={i === index ? 'true' : undefined}
                className={`block overflow-hidden rounded-md border-2 ${
                  i === index ? 'border-brand-700' : 'border-transparent opacity-80 hover:opacity-100'
                }`}
              >
                <img src={photo.thumbUrl} alt="" loading="lazy" className="h-16 w-24 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
