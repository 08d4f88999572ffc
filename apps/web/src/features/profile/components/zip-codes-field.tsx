import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { splitZipInput, ZIP_PATTERN, zipProblem, type ZipInfo } from '@dealclub/shared/geo-rules';
import { zipLookupOptions } from '../api/tabs';

/**
 * ZIP codes as removable chips. Typing, pasting several, Enter, a comma or leaving the field adds
 * them; a code that is not 5 digits or beyond the limit stays in the box with its message. Each chip
 * shows the city the code belongs to, or is flagged when the code does not exist or lies outside
 * the chosen state.
 */
export function ZipCodesField({
  label,
  value,
  onChange,
  max,
  state,
  error,
  tooManyKey,
}: {
  label: string;
  value: string[];
  onChange: (zips: string[]) => void;
  max: number;
  /** The chosen state; codes elsewhere are flagged. */
  state?: string;
  /** Already translated message for the list (schema or server). */
  error?: string;
  tooManyKey: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [text, setText] = useState('');
  const [inputError, setInputError] = useState<string | null>(null);
  const lookup = useQuery(zipLookupOptions(value));

  function add(raw: string) {
    const candidates = splitZipInput(raw);
    if (candidates.length === 0) return;
    const malformed = candidates.filter((zip) => !ZIP_PATTERN.test(zip));
    const next = [...value];
    const left: string[] = [...malformed];
    for (const zip of candidates.filter((z) => ZIP_PATTERN.test(z))) {
      if (next.includes(zip)) continue;
      if (next.length >= max) left.push(zip);
      else next.push(zip);
    }
    if (next.length !== value.length) onChange(next);
    setText(left.join(', '));
    setInputError(malformed.length ? t('geo.validation.zip') : left.length ? t(tooManyKey) : null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  const message = inputError ?? error;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('geo.zipList')}>
          {value.map((zip) => {
            const known = lookup.data?.get(zip);
            const problem = lookup.data ? zipProblem(zip, known, state || undefined) : undefined;
            const note = problem
              ? problem === 'unknown'
                ? t('geo.validation.zipUnknown', { zip })
                : t('geo.validation.zipOtherState', { zip, state })
              : known
                ? t('geo.zipFound', { city: known.city, state: known.state })
                : '';
            return (
              <li
                key={zip}
                data-testid="zip-chip"
                data-problem={problem ?? undefined}
                className={`flex items-center gap-2 rounded-full border px-3 py-1 text-sm ${
                  problem ? 'border-red-300 bg-red-50 text-red-800' : 'border-slate-300 bg-slate-50'
                }`}
              >
                <span className="font-semibold tabular-nums">{zip}</span>
                {note && <span className={problem ? '' : 'text-slate-600'}>{note}</span>}
                <button
                  type="button"
                  onClick={() => onChange(value.filter((z) => z !== zip))}
                  className="grid size-6 place-items-center rounded-full hover:bg-slate-200"
                  aria-label={t('geo.removeZip', { zip })}
                >
                  <span aria-hidden>×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex gap-2">
        <input
          id={inputId}
          value={text}
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('geo.zipPlaceholder')}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${hintId}${message ? ` ${errorId}` : ''}`}
          onChange={(e) => {
            setText(e.target.value);
            setInputError(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => add(text)}
          onPaste={(e) => {
            const pasted = e.clipboardData.getData('text');
            if (/[\s,;]/.test(pasted.trim())) {
              e.preventDefault();
              add(`${text} ${pasted}`);
            }
          }}
          className={`h-11 min-w-0 flex-1 rounded-md border bg-white px-3 text-base outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100 ${
            message ? 'border-red-700' : 'border-slate-300'
          }`}
        />
        <button
          type="button"
          onClick={() => add(text)}
          className="h-11 rounded-md border border-slate-300 px-4 font-medium hover:bg-slate-50"
        >
          {t('geo.addZip')}
        </button>
      </div>
      <p id={hintId} className="text-sm text-slate-600">
        {t('geo.zipHint', { max })} {t('geo.zipCount', { count: value.length, max })}
      </p>
      {message && (
        <p id={errorId} className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}

/**
 * The submit check of a form's ZIP codes: they are looked up, and the first one that is unknown or
 * in another state than the form's is the `zipCodes` field's error (null when all are fine).
 */
export function useZipCodesCheck() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (zips: readonly string[], state: string): Promise<['zipCodes', string] | null> => {
    const known = await queryClient.fetchQuery(zipLookupOptions(zips));
    const problem = firstZipProblem(t, zips, known, state);
    return problem ? ['zipCodes', problem] : null;
  };
}

/** The first problem of a ZIP list, translated, after looking the codes up. */
function firstZipProblem(
  t: (key: string, vars?: Record<string, string>) => string,
  zips: readonly string[],
  known: Map<string, ZipInfo>,
  state: string,
): string | null {
  for (const zip of zips) {
    const problem = zipProblem(zip, known.get(zip), state || undefined);
    if (problem === 'unknown') return t('geo.validation.zipUnknown', { zip });
    if (problem === 'otherState') return t('geo.validation.zipOtherState', { zip, state });
  }
  return null;
}
