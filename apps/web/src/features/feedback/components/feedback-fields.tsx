/** The fields the widget and the `/feedback` pages share: the type choice and the screenshot. */
import { Bug, HelpCircle, Lightbulb, MessageCircle, X, type LucideIcon } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackType } from '@dealclub/shared/feedback';
import { toast } from '@/components/ui/use-toast';
import { checkScreenshot, refusalToast } from '../lib/feedback-rules';

const ICONS: Record<FeedbackType, LucideIcon> = {
  bug: Bug,
  idea: Lightbulb,
  question: HelpCircle,
  other: MessageCircle,
};

/**
 * The types as large buttons (the widget's first step), or, `compact`, as a radio group whose
 * choice can still be changed on the form.
 */
export function TypeChoice({
  types,
  value = null,
  onChoose,
  compact = false,
}: {
  types: readonly FeedbackType[];
  value?: FeedbackType | null;
  onChoose: (type: FeedbackType) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  if (!compact) {
    return (
      <ul className="grid gap-2">
        {types.map((type) => {
          const Icon = ICONS[type];
          return (
            <li key={type}>
              <button
                type="button"
                onClick={() => onChoose(type)}
                className="flex w-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-3 text-left hover:border-brand-700 hover:bg-brand-50"
              >
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-800" />
                <span className="grid">
                  <span className="font-semibold">{t(`feedback.types.${type}`)}</span>
                  <span className="text-sm text-slate-700">{t(`feedback.typeHints.${type}`)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{t('feedback.typeLegend')}</legend>
      <div className="flex flex-wrap gap-2">
        {types.map((type) => {
          const Icon = ICONS[type];
          return (
            <label
              key={type}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-700"
            >
              <input
                type="radio"
                name={name}
                value={type}
                checked={value === type}
                onChange={() => onChoose(type)}
                className="sr-only"
              />
              <Icon aria-hidden className="size-4 text-brand-800" />
              {t(`feedback.types.${type}`)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The optional screenshot of a bug: an image of at most 10 MB (else the spec's toast, and nothing
 * is kept), with its name and a button to remove it.
 */
export function ScreenshotInput({
  file,
  onChange,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const pick = (chosen: File | undefined) => {
    if (!chosen) return onChange(null);
    const refusal = checkScreenshot(chosen);
    if (refusal) {
      const keys = refusalToast(refusal);
      toast({ title: t(keys.title), description: t(keys.description), variant: 'destructive' });
      if (input.current) input.current.value = '';
      return onChange(null);
    }
    onChange(chosen);
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('feedback.screenshot')}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        aria-describedby={`${id}-hint`}
        onChange={(e) => pick(e.target.files?.[0])}
        className="text-sm text-slate-800 file:mr-3 file:h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:font-medium"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        {t('feedback.screenshotHint')}
      </p>
      {file && (
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <span className="min-w-0 truncate">{t('feedback.screenshotChosen', { name: file.name })}</span>
          <button
            type="button"
            onClick={() => {
              if (input.current) input.current.value = '';
              onChange(null);
            }}
            aria-label={t('feedback.removeScreenshot')}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
          >
            <X aria-hidden className="size-4" />
          </button>
        </p>
      )}
    </div>
  );
}
