import { BadgeCheck, Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BUDGET_CAPS,
  CATEGORIES,
  PROPERTY_TYPES,
  PURCHASE_TYPES,
  ROOM_MINIMUMS,
} from '@dealclub/shared/deal-rules';
import { ZIP_PATTERN } from '@dealclub/shared/geo-rules';
import { SelectField } from '@/components/ui/choice-fields';
import { stateOptions } from '@/components/ui/state-options';
import {
  BROWSE_TAGS,
  DEAL_SORTS,
  hasFilters,
  type DealFilters as Filters,
  type DealSort,
} from '@/lib/browse-filters';
import { formatCompactMoney } from '@/lib/format';

const DEBOUNCE_MS = 400;

const control =
  'h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-ink outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100';

/**
 * A local copy of a value that lives in the URL: it shows a change at once (the URL updates a
 * moment later, after the router's navigation) and follows the URL when it changes elsewhere.
 */
function useDraft<T>(value: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  return [draft, setDraft];
}

/**
 * A text filter that applies itself a moment after typing stops (or on Enter), and follows the URL
 * when the filters change elsewhere ("Clear filters", back button).
 */
function TextFilter({
  label,
  value,
  onCommit,
  valid = () => true,
  error,
  icon,
  ...input
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  valid?: (value: string) => boolean;
  error?: string;
  icon?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const id = useId();
  const [draft, setDraft] = useDraft(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const trimmed = draft.trim();
  const invalid = trimmed !== '' && !valid(trimmed);

  function apply(next: string) {
    clearTimeout(timer.current);
    const clean = next.trim();
    if (clean !== value && (clean === '' || valid(clean))) commit.current(clean);
  }

  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        {icon && (
          <Search aria-hidden className="pointer-events-none absolute top-3 left-3 size-5 text-slate-500" />
        )}
        <input
          id={id}
          value={draft}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-error` : undefined}
          onChange={(e) => {
            const next = e.target.value;
            setDraft(next);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => apply(next), DEBOUNCE_MS);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply(draft);
            }
          }}
          onBlur={() => apply(draft)}
          className={`${control} ${icon ? 'pl-10' : ''} ${invalid ? 'border-red-700' : ''}`}
          {...input}
        />
      </div>
      {invalid && error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The search box above the list. */
export function SearchFilter({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextFilter
      label={t('dealsBrowse.search')}
      type="search"
      icon
      value={value}
      maxLength={100}
      placeholder={t('dealsBrowse.searchPlaceholder')}
      onCommit={onChange}
    />
  );
}

/** The sort of the list. */
export function SortSelect({ value, onChange }: { value: DealSort; onChange: (sort: DealSort) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useDraft(value);
  return (
    <SelectField
      label={t('dealsBrowse.sort')}
      value={draft}
      onChange={(e) => {
        const sort = e.target.value as DealSort;
        setDraft(sort);
        onChange(sort);
      }}
      options={DEAL_SORTS.map((s) => ({ value: s, label: t(`dealsBrowse.sorts.${s}`) }))}
    />
  );
}

/**
 * The browse filters: budget, rooms, category, purchase type, property type, state, city, ZIP and
 * tags. Each change applies at once (text after a short pause); on a narrow screen the panel folds
 * behind a "Show filters" button. `action` (the buyer's "Save search") sits beside the heading.
 */
export function DealFilters({
  filters: applied,
  onChange: apply,
  onClear,
  action,
}: {
  filters: Filters;
  onChange: (patch: Partial<Filters>) => void;
  onClear: () => void;
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useDraft(applied);
  const onChange = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    apply(patch);
  };
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const headingId = useId();
  const selected = new Set(filters.tags ?? []);

  const numberOrUndefined = (v: string) => (v === '' ? undefined : Number(v));
  const rooms = ROOM_MINIMUMS.map((n) => ({
    value: String(n),
    label: t('dealsBrowse.roomsMin', { count: n }),
  }));

  function toggleTag(tag: string, on: boolean) {
    const next = new Set(selected);
    if (on) next.add(tag);
    else next.delete(tag);
    onChange({ tags: BROWSE_TAGS.filter((tag) => next.has(tag)) });
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('dealsBrowse.filters')}
        </h2>
        <div className="flex flex-wrap justify-end gap-2">
          {action}
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
            className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium md:hidden"
          >
            <SlidersHorizontal aria-hidden className="size-4" />
            {open ? t('dealsBrowse.hideFilters') : t('dealsBrowse.showFilters')}
          </button>
        </div>
      </div>
      <div id={panelId} className={`${open ? 'grid' : 'hidden'} gap-4 md:grid`}>
        <SelectField
          label={t('dealsBrowse.budget')}
          value={filters.maxPrice ?? ''}
          onChange={(e) => onChange({ maxPrice: numberOrUndefined(e.target.value) })}
          placeholder={t('dealsBrowse.anyBudget')}
          options={BUDGET_CAPS.map((cap) => ({
            value: String(cap),
            label: t('dealsBrowse.upTo', { amount: formatCompactMoney(cap, i18n.language) }),
          }))}
        />
        <div className="grid grid-cols-2 gap-3">
          <SelectField
            label={t('dealsBrowse.bedrooms')}
            value={filters.minBedrooms ?? ''}
            onChange={(e) => onChange({ minBedrooms: numberOrUndefined(e.target.value) })}
            placeholder={t('dealsBrowse.anyRooms')}
            options={rooms}
          />
          <SelectField
            label={t('dealsBrowse.bathrooms')}
            value={filters.minBathrooms ?? ''}
            onChange={(e) => onChange({ minBathrooms: numberOrUndefined(e.target.value) })}
            placeholder={t('dealsBrowse.anyRooms')}
            options={rooms}
          />
        </div>
        <SelectField
          label={t('dealsBrowse.category')}
          value={filters.category ?? ''}
          onChange={(e) => onChange({ category: (e.target.value || undefined) as Filters['category'] })}
          placeholder={t('dealsBrowse.anyCategory')}
          options={CATEGORIES.map((c) => ({ value: c, label: t(`dealCommon.category.${c}`) }))}
        />
        <SelectField
          label={t('dealsBrowse.purchaseType')}
          value={filters.purchaseType ?? ''}
          onChange={(e) =>
            onChange({ purchaseType: (e.target.value || undefined) as Filters['purchaseType'] })
          }
          placeholder={t('dealsBrowse.anyPurchaseType')}
          options={PURCHASE_TYPES.map((p) => ({ value: p, label: t(`dealCommon.purchaseType.${p}`) }))}
        />
        <SelectField
          label={t('dealsBrowse.propertyType')}
          value={filters.propertyType ?? ''}
          onChange={(e) =>
            onChange({ propertyType: (e.target.value || undefined) as Filters['propertyType'] })
          }
          placeholder={t('dealsBrowse.anyPropertyType')}
          options={PROPERTY_TYPES.map((p) => ({ value: p, label: t(`dealCommon.propertyType.${p}`) }))}
        />
        <SelectField
          label={t('dealsBrowse.state')}
          value={filters.state ?? ''}
          onChange={(e) => onChange({ state: e.target.value || undefined })}
          placeholder={t('dealsBrowse.anyState')}
          options={stateOptions(t)}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextFilter
            label={t('dealsBrowse.city')}
            value={filters.city ?? ''}
            maxLength={80}
            autoComplete="address-level2"
            onCommit={(city) => onChange({ city: city || undefined })}
          />
          <TextFilter
            label={t('dealsBrowse.zipCode')}
            value={filters.zipCode ?? ''}
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
            valid={(zip) => ZIP_PATTERN.test(zip)}
            error={t('dealsBrowse.zipInvalid')}
            onCommit={(zipCode) => onChange({ zipCode: zipCode || undefined })}
          />
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('dealsBrowse.tags')}</legend>
          <div className="flex flex-wrap gap-2">
            {BROWSE_TAGS.map((tag) => {
              const on = selected.has(tag);
              return (
                <label
                  key={tag}
                  className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-3 text-sm has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500 ${
                    on ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white'
                  }`}
                >
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={(e) => toggleTag(tag, e.target.checked)}
                    className="size-4 accent-brand-700"
                  />
                  {t(`dealCommon.tag.${tag}`)}
                </label>
              );
            })}
          </div>
        </fieldset>
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={filters.verified === true}
            onChange={(e) => onChange({ verified: e.target.checked || undefined })}
            className="size-4 accent-brand-700"
          />
          <BadgeCheck aria-hidden className="size-4 text-emerald-700" />
          {t('verification.filter')}
        </label>
        {hasFilters(filters) && (
          <button
            type="button"
            onClick={onClear}
            className="inline-flex h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-medium hover:bg-slate-50"
          >
            <X aria-hidden className="size-4" />
            {t('dealsBrowse.clearFilters')}
          </button>
        )}
      </div>
    </section>
  );
}
