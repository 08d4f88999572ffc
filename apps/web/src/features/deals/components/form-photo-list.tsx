import { ArrowDown, ArrowUp, ImageIcon, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface PhotoListItem {
  key: string;
  /** A preview; null when the browser cannot show the file (HEIC). */
  src: string | null;
  /** The file name, for photos not saved yet. */
  name?: string;
}

/**
 * Photos in order with "Cover" on the first, and per photo: move earlier, move later and remove.
 * After a move the focus stays on the moved photo's button and a status line says where it went.
 * After a removal the focus goes to the remove button of the photo that takes its place (the next
 * one, else the one before); when none is left, `focusWhenEmpty` places it (the "Add photos" input).
 */
export function PhotoList({
  items,
  onMove,
  onRemove,
  focusWhenEmpty,
  disabled = false,
}: {
  items: readonly PhotoListItem[];
  onMove: (index: number, to: number) => void;
  onRemove: (index: number) => void;
  focusWhenEmpty?: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  const [moved, setMoved] = useState<{ key: string; action: 'earlier' | 'later' } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (!moved || !list.current) return;
    const row = [...list.current.querySelectorAll<HTMLElement>('[data-photo-key]')].find(
      (el) => el.dataset.photoKey === moved.key,
    );
    const preferred = row?.querySelector<HTMLButtonElement>(`button[data-action="${moved.action}"]`);
    const other = row?.querySelector<HTMLButtonElement>(
      `button[data-action="${moved.action === 'earlier' ? 'later' : 'earlier'}"]`,
    );
    (preferred && !preferred.disabled ? preferred : other)?.focus();
  }, [moved, items]);

  function move(index: number, delta: -1 | 1) {
    const item = items[index];
    if (!item) return;
    onMove(index, index + delta);
    setMoved({ key: item.key, action: delta < 0 ? 'earlier' : 'later' });
    setAnnouncement(t('dealForm.photos.movedTo', { position: index + delta + 1, count: items.length }));
  }

  function remove(index: number) {
    // Chosen before the row goes: the rows are keyed, so the neighbour's button stays the same element.
    const rows = [...(list.current?.querySelectorAll<HTMLElement>('[data-photo-key]') ?? [])];
    const neighbour = rows[index + 1] ?? rows[index - 1];
    const next = neighbour?.querySelector<HTMLButtonElement>('button[data-action="remove"]');
    onRemove(index);
    if (next) next.focus();
    else focusWhenEmpty?.();
  }

  if (items.length === 0) return null;
  return (
    <>
      <ol ref={list} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item, index) => {
          const n = index + 1;
          return (
            <li
              key={item.key}
              data-photo-key={item.key}
              className="grid gap-2 rounded-lg border border-slate-200 bg-white p-2"
            >
              <div className="relative aspect-[4/3] overflow-hidden rounded-md bg-slate-100">
                {item.src ? (
                  <img
                    src={item.src}
                    alt={t('dealForm.photos.alt', { n })}
                    className="size-full object-cover"
                  />
                ) : (
                  <div className="grid size-full place-items-center text-slate-600">
                    <ImageIcon aria-hidden className="size-8" />
                    <span className="sr-only">{t('dealForm.photos.alt', { n })}</span>
                  </div>
                )}
                {index === 0 && (
                  <span className="absolute left-2 top-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {t('dealForm.photos.cover')}
                  </span>
                )}
              </div>
              {item.name && <p className="truncate text-sm text-slate-700">{item.name}</p>}
              <div className="flex gap-1">
                <button
                  type="button"
                  data-action="earlier"
                  disabled={disabled || index === 0}
                  aria-label={t('dealForm.photos.moveEarlier', { n })}
                  onClick={() => move(index, -1)}
                  className="grid size-11 place-items-center rounded-md border border-slate-300 hover:bg-slate-50 disabled:opacity-40"
                >
                  <ArrowUp aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  data-action="later"
                  disabled={disabled || index === items.length - 1}
                  aria-label={t('dealForm.photos.moveLater', { n })}
                  onClick={() => move(index, 1)}
                  className="grid size-11 place-items-center rounded-md border border-slate-300 hover:bg-slate-50 disabled:opacity-40"
                >
                  <ArrowDown aria-hidden className="size-4" />
                </button>
                <button
                  type="button"
                  data-action="remove"
                  disabled={disabled}
                  aria-label={t('dealForm.photos.remove', { n })}
                  onClick={() => remove(index)}
                  className="ml-auto grid size-11 place-items-center rounded-md text-red-800 hover:bg-red-50 disabled:opacity-40"
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

/** One file being uploaded: its name, a progress bar and, when it failed, why. */
export function UploadProgress({
  name,
  progress,
  error,
  done,
}: {
  name: string;
  progress: number;
  error?: string | null;
  done?: boolean;
}) {
  const { t } = useTranslation();
  const percent = Math.round(progress * 100);
  return (
    <li className="grid gap-1">
      <div className="flex justify-between gap-2 text-sm">
        <span className="truncate">{name}</span>
        <span className={error ? 'text-red-700' : 'text-slate-600'}>
          {error ? t('dealForm.photos.failedShort') : done ? t('dealForm.photos.done') : `${percent}%`}
        </span>
      </div>
      <progress
        max={100}
        value={percent}
        aria-label={t('dealForm.photos.uploadingFile', { name })}
        className="h-2 w-full overflow-hidden rounded accent-brand-700"
      />
      {error && <p className="text-sm text-red-700">{error}</p>}
    </li>
  );
}

/** Moves one entry of a list to another position. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
