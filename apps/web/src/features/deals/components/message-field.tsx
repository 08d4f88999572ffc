import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '@dealclub/shared/offers';
import { formatNumber } from './money';

interface MessageFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'maxLength'> {
  label: string;
  /** The characters typed so far, for the counter. */
  length: number;
  /** Already translated. */
  error?: string;
}

/**
 * A message to the seller (interest, offer): a textarea with a live "n / 2,000" counter, both
 * tied to the field for screen readers, and its error.
 */
export const MessageField = forwardRef<HTMLTextAreaElement, MessageFieldProps>(function MessageField(
  { label, length, error, id, className, ...textarea },
  ref,
) {
  const { t, i18n } = useTranslation();
  const generated = useId();
  const areaId = id ?? generated;
  const counterId = `${areaId}-counter`;
  const errorId = `${areaId}-error`;
  const near = length > MESSAGE_MAX_LENGTH * 0.9;
  return (
    <div className={`grid gap-1.5 ${className ?? ''}`}>
      <label htmlFor={areaId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        rows={4}
        maxLength={MESSAGE_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        className={`rounded-md border bg-white px-3 py-2 text-base text-ink outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100 ${
          error ? 'border-red-700' : 'border-slate-300'
        }`}
        {...textarea}
      />
      <p id={counterId} className={`text-right text-xs ${near ? 'text-amber-800' : 'text-slate-600'}`}>
        {t('offers.counter', {
          length: formatNumber(length, i18n.language),
          max: formatNumber(MESSAGE_MAX_LENGTH, i18n.language),
        })}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
