import { useTranslation } from 'react-i18next';
import type { SellerPreferencesInput } from '@dealclub/shared/preferences';
import { DEAL_TYPES, MAX_MARKETS } from '@dealclub/shared/preferences-rules';
import { PageFallback } from '@/components/layout/page-fallback';
import { ChoiceGroup, SelectField } from '@/components/ui/choice-fields';
import { FormField } from '@/components/ui/form-field';
import { stateOptions } from '@/components/ui/state-options';
import { useFieldMessage } from '@/lib/form-helpers';
import { fieldRows } from '@/lib/simple-form-rows';
import { sellerPreferencesTab, type SavedSellerPreferences } from '../api/tabs';
import { tabResolver, useAfterProfileSave, useTabForm } from '../lib/forms';
import { CallBookingField, TabSave, TabSection } from './tab-section';

/** The Seller preferences tab: markets served, deal types offered, how buyers reach the seller. */
export function SellerPreferencesTab() {
  const saved = sellerPreferencesTab.useQuery();
  return saved.data ? <SellerPreferencesForm saved={saved.data} /> : <PageFallback />;
}

type FormValues = { markets: { state: string; city: string }[]; dealTypes: string[]; callBookingUrl: string };

const defaults = (saved: SavedSellerPreferences): FormValues => ({
  markets: saved.markets.length ? saved.markets : [{ state: '', city: '' }],
  dealTypes: saved.dealTypes,
  callBookingUrl: saved.callBookingUrl ?? '',
});

const resolver = tabResolver<FormValues>('sellerPreferences');

function SellerPreferencesForm({ saved }: { saved: SavedSellerPreferences }) {
  const { t } = useTranslation();
  const save = sellerPreferencesTab.useSave();
  const afterSave = useAfterProfileSave();
  const { form, onSubmit, notice } = useTabForm({
    draft: 'sellerPreferences',
    resolver,
    saved,
    defaults,
    save: (values) => save.mutateAsync(values as SellerPreferencesInput),
    savedKey: 'sellerPreferences.saved',
    onSaved: afterSave,
  });
  const markets = fieldRows<FormValues, FormValues, FormValues['markets'][number]>(form, 'markets');
  const { errors } = form.formState;
  const err = useFieldMessage();

  return (
    <form noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
      <TabSection title={t('sellerPreferences.title')} lead={t('sellerPreferences.lead')}>
        {notice}
        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">
            {t('sellerPreferences.markets')}
          </legend>
          <p className="text-sm text-slate-600">{t('sellerPreferences.marketsHint')}</p>
          {markets.fields.map((field, index) => (
            <div key={field.id} className="grid items-end gap-3 md:grid-cols-[1fr_1fr_auto]">
              <SelectField
                label={t('geo.state')}
                placeholder={t('geo.chooseState')}
                options={stateOptions(t)}
                error={err(errors.markets?.[index]?.state?.message)}
                {...form.register(`markets.${index}.state`)}
              />
              <FormField
                label={t('sellerPreferences.marketCity')}
                error={err(errors.markets?.[index]?.city?.message)}
                {...form.register(`markets.${index}.city`)}
              />
              <button
                type="button"
                onClick={() => markets.remove(index)}
                className="h-11 rounded-md px-3 font-medium text-red-800 hover:bg-red-50"
              >
                {t('sellerPreferences.removeMarket')}
              </button>
            </div>
          ))}
          {(errors.markets?.message || errors.markets?.root?.message) && (
            <p className="text-sm text-red-700">
              {err(errors.markets?.message ?? errors.markets?.root?.message)}
            </p>
          )}
          {markets.fields.length < MAX_MARKETS && (
            <div>
              <button
                type="button"
                onClick={() => markets.append({ state: '', city: '' })}
                className="h-11 rounded-md border border-slate-300 px-4 font-medium hover:bg-slate-50"
              >
                {t('sellerPreferences.addMarket')}
              </button>
            </div>
          )}
        </fieldset>
        <ChoiceGroup
          legend={t('sellerPreferences.dealTypes')}
          type="checkbox"
          columns={3}
          options={DEAL_TYPES.map((value) => ({ value, label: t(`buyBox.typeOption.${value}`) }))}
          registration={form.register('dealTypes')}
          error={err(errors.dealTypes?.message ?? errors.dealTypes?.root?.message)}
        />
        <CallBookingField error={err(errors.callBookingUrl?.message)} {...form.register('callBookingUrl')} />
        <TabSave busy={form.formState.isSubmitting} />
      </TabSection>
    </form>
  );
}
