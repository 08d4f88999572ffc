import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-field';
import type { DisclosureItem } from '../api/disclosures';

/**
 * The risks a creative offer acknowledges (issue 17): one checkbox per disclosure of the deal, each
 * with its plain-language text, in a fieldset the keyboard walks through; Submit waits for all.
 */
export function RiskAcknowledgements({
  items,
  checked,
  onChange,
  error,
}: {
  items: DisclosureItem[];
  checked: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const errorId = useId();
  // Each box is named by its risk's title and described by its text: a screen reader reads the
  // name first, not the whole paragraph as the name.
  const itemId = useId();
  return (
    <fieldset
      className="grid gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3"
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      data-testid="risk-acknowledgements"
    >
      <legend className="px-1 font-semibold text-ink">{t('offers.form.risks.legend')}</legend>
      <p id={hintId} className="text-sm text-slate-700">
        {t('offers.form.risks.hint')}
      </p>
      {items.map((item, index) => (
        <label key={item.key} className="flex min-h-11 items-start gap-3">
          <input
            type="checkbox"
            aria-labelledby={`${itemId}-${index}-title`}
            aria-describedby={`${itemId}-${index}-body`}
            checked={checked.has(item.key)}
            onChange={(event) => {
              const next = new Set(checked);
              if (event.target.checked) next.add(item.key);
              else next.delete(item.key);
              onChange(next);
            }}
            className="mt-1 size-5 shrink-0 accent-brand-700"
          />
          <span className="grid gap-0.5">
            <span id={`${itemId}-${index}-title`} className="font-medium text-ink">
              {t('offers.form.risks.ack', { title: item.title })}
            </span>
            <span id={`${itemId}-${index}-body`} className="text-sm text-slate-700">
              {item.body}
            </span>
          </span>
        </label>
      ))}
      {error && (
        <div id={errorId}>
          <FormAlert>{error}</FormAlert>
        </div>
      )}
    </fieldset>
  );
}
