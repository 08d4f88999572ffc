import { useTranslation } from 'react-i18next';
import {
  BUYER_PROPERTY_TYPES,
  CONDITIONS,
  CREDIT_SCORE_RANGES,
  FINANCING_TYPES,
  HOME_TYPES,
  IMPORTANCE,
  LOT_SIZE_UNITS,
  MAX_PREFERENCE_ZIPS,
  USE_CASES,
} from '@dealclub/shared/preferences-rules';
import type { BuyerPreferencesInput } from '@dealclub/shared/preferences';
import { PageFallback } from '@/components/layout/page-fallback';
import { CheckboxField, ChoiceGroup, SelectField, TextAreaField } from '@/components/ui/choice-fields';
import { FormField } from '@/components/ui/form-field';
import { stateOptions } from '@/components/ui/state-options';
import { numberOrNull, useFieldMessage } from '@/lib/form-helpers';
import { buyerPreferencesTab, type SavedBuyerPreferences } from '../api/tabs';
import { tabResolver, useAfterProfileSave, useTabForm } from '../lib/forms';
import { TabGroup, TabSave, TabSection } from './tab-section';
import { useZipCodesCheck, ZipCodesField } from './zip-codes-field';

/** The Buyer preferences tab: every field of core §3. */
export function BuyerPreferencesTab() {
  const saved = buyerPreferencesTab.useQuery();
  return saved.isPending ? <PageFallback /> : <BuyerPreferencesForm saved={saved.data ?? null} />;
}

type FormValues = Omit<BuyerPreferencesInput, 'minYearBuilt'> & Record<string, unknown>;

function defaults(saved: SavedBuyerPreferences | null): FormValues {
  if (!saved) {
    return {
      useCase: undefined as never,
      homeType: 'no-preference',
      state: '',
      city: '',
      zipCodes: [],
      propertyTypes: [],
      lotSizeUnit: 'sqft',
      excludeHoa: false,
      newConstructionOnly: false,
      condition: 'no-preference',
      schools: 'no-preference',
      publicTransport: 'no-preference',
      rentalPotential: 'no-preference',
      notes: '',
      preApproved: false,
    };
  }
  const { updatedAt: _updatedAt, ...values } = saved;
  return values as FormValues;
}

const ROOM_CHOICES = [1, 2, 3, 4, 5];
const BATH_CHOICES = [1, 1.5, 2, 2.5, 3, 4];

const resolver = tabResolver<FormValues>('buyerPreferences');

function BuyerPreferencesForm({ saved }: { saved: SavedBuyerPreferences | null }) {
  const { t } = useTranslation();
  const checkZipCodes = useZipCodesCheck();
  const save = buyerPreferencesTab.useSave();
  const afterSave = useAfterProfileSave();
  const { form, onSubmit, notice } = useTabForm({
    draft: 'buyerPreferences',
    resolver,
    saved,
    defaults,
    save: (values: FormValues) => save.mutateAsync(values as BuyerPreferencesInput),
    savedKey: 'buyerPreferences.saved',
    failedKey: 'buyerPreferences.failed',
    check: (values) => {
      const input = values as BuyerPreferencesInput;
      return checkZipCodes(input.zipCodes ?? [], input.state);
    },
    onSaved: afterSave,
  });
  const { errors } = form.formState;
  const fieldMessage = useFieldMessage();
  const err = (name: string) =>
    fieldMessage((errors as Record<string, { message?: string } | undefined>)[name]?.message);
  const num = { setValueAs: numberOrNull };
  const optional = { setValueAs: (v: unknown) => v || null };
  const choices = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));
  const preApproved = form.watch('preApproved');
  const state = form.watch('state');

  return (
    <form noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
      <TabSection title={t('buyerPreferences.title')} lead={t('buyerPreferences.lead')}>
        {notice}
        <TabGroup title={t('buyerPreferences.lookingFor')}>
          <ChoiceGroup
            legend={t('buyerPreferences.useCase')}
            type="radio"
            options={choices(USE_CASES, 'buyerPreferences.useCaseOption')}
            registration={form.register('useCase')}
            error={err('useCase')}
          />
          <ChoiceGroup
            legend={t('buyerPreferences.propertyTypes')}
            type="checkbox"
            columns={3}
            options={choices(BUYER_PROPERTY_TYPES, 'buyerPreferences.propertyTypeOption')}
            registration={form.register('propertyTypes')}
            error={err('propertyTypes')}
          />
          <div className="grid gap-5 md:grid-cols-2">
            <SelectField
              label={t('buyerPreferences.homeType')}
              options={choices(HOME_TYPES, 'buyerPreferences.homeTypeOption')}
              error={err('homeType')}
              {...form.register('homeType')}
            />
            <SelectField
              label={t('buyerPreferences.condition')}
              options={choices(CONDITIONS, 'buyerPreferences.conditionOption')}
              error={err('condition')}
              {...form.register('condition')}
            />
          </div>
        </TabGroup>

        <TabGroup title={t('buyerPreferences.where')}>
          <div className="grid gap-5 md:grid-cols-2">
            <SelectField
              label={t('geo.state')}
              placeholder={t('geo.chooseState')}
              options={stateOptions(t)}
              error={err('state')}
              autoComplete="address-level1"
              {...form.register('state')}
            />
            <FormField
              label={t('geo.city')}
              autoComplete="address-level2"
              error={err('city')}
              {...form.register('city')}
            />
          </div>
          <ZipCodesField
            label={t('geo.zipCodes')}
            value={form.watch('zipCodes') ?? []}
            onChange={(zipCodes) => form.change('zipCodes', zipCodes)}
            max={MAX_PREFERENCE_ZIPS}
            state={state}
            tooManyKey="buyerPreferences.validation.zipMax"
            error={err('zipCodes')}
          />
        </TabGroup>

        <TabGroup title={t('buyerPreferences.home')}>
          <div className="grid gap-5 md:grid-cols-2">
            <SelectField
              label={t('buyerPreferences.bedrooms')}
              options={[
                { value: '', label: t('buyerPreferences.any') },
                ...ROOM_CHOICES.map((n) => ({
                  value: String(n),
                  label: t('buyerPreferences.atLeast', { count: n }),
                })),
              ]}
              error={err('bedrooms')}
              {...form.register('bedrooms', num)}
            />
            <SelectField
              label={t('buyerPreferences.bathrooms')}
              options={[
                { value: '', label: t('buyerPreferences.any') },
                ...BATH_CHOICES.map((n) => ({
                  value: String(n),
                  label: t('buyerPreferences.atLeast', { count: n }),
                })),
              ]}
              error={err('bathrooms')}
              {...form.register('bathrooms', num)}
            />
            <FormField
              label={t('buyerPreferences.minYearBuilt')}
              type="number"
              inputMode="numeric"
              min={1800}
              error={err('minYearBuilt')}
              {...form.register('minYearBuilt', num)}
            />
            <FormField
              label={t('buyerPreferences.minSquareFootage')}
              type="number"
              inputMode="numeric"
              min={1}
              error={err('minSquareFootage')}
              {...form.register('minSquareFootage', num)}
            />
            <FormField
              label={t('buyerPreferences.minLotSize')}
              type="number"
              inputMode="decimal"
              step="any"
              min={0}
              error={err('minLotSize')}
              {...form.register('minLotSize', num)}
            />
            <SelectField
              label={t('buyerPreferences.lotSizeUnit')}
              options={choices(LOT_SIZE_UNITS, 'buyerPreferences.lotSizeUnitOption')}
              error={err('lotSizeUnit')}
              {...form.register('lotSizeUnit')}
            />
          </div>
          <div className="grid gap-1 sm:grid-cols-2">
            <CheckboxField label={t('buyerPreferences.excludeHoa')} {...form.register('excludeHoa')} />
            <CheckboxField
              label={t('buyerPreferences.newConstructionOnly')}
              {...form.register('newConstructionOnly')}
            />
          </div>
        </TabGroup>

        <TabGroup title={t('buyerPreferences.budget')}>
          <div className="grid gap-5 md:grid-cols-2">
            <FormField
              label={t('buyerPreferences.maxMonthlyPayment')}
              type="number"
              inputMode="numeric"
              min={1}
              error={err('maxMonthlyPayment')}
              {...form.register('maxMonthlyPayment', num)}
            />
            <FormField
              label={t('buyerPreferences.maxDownPayment')}
              type="number"
              inputMode="numeric"
              min={1}
              error={err('maxDownPayment')}
              {...form.register('maxDownPayment', num)}
            />
            <SelectField
              label={t('buyerPreferences.financingType')}
              placeholder={t('buyerPreferences.notSet')}
              options={choices(FINANCING_TYPES, 'buyerPreferences.financingTypeOption')}
              error={err('financingType')}
              {...form.register('financingType', optional)}
            />
            <SelectField
              label={t('buyerPreferences.creditScoreRange')}
              placeholder={t('buyerPreferences.notSet')}
              options={choices(CREDIT_SCORE_RANGES, 'buyerPreferences.creditScoreOption')}
              error={err('creditScoreRange')}
              {...form.register('creditScoreRange', optional)}
            />
          </div>
          <CheckboxField label={t('buyerPreferences.preApproved')} {...form.register('preApproved')} />
          {preApproved && (
            <FormField
              label={t('buyerPreferences.preApprovedAmount')}
              type="number"
              inputMode="numeric"
              min={1}
              error={err('preApprovedAmount')}
              {...form.register('preApprovedAmount', num)}
            />
          )}
        </TabGroup>

        <TabGroup title={t('buyerPreferences.matters')}>
          <div className="grid gap-5 md:grid-cols-3">
            {(['schools', 'publicTransport', 'rentalPotential'] as const).map((name) => (
              <SelectField
                key={name}
                label={t(`buyerPreferences.${name}`)}
                options={choices(IMPORTANCE, 'buyerPreferences.importanceOption')}
                error={err(name)}
                {...form.register(name)}
              />
            ))}
          </div>
          <TextAreaField
            label={t('buyerPreferences.notes')}
            hint={<p className="text-sm text-slate-600">{t('buyerPreferences.notesHint')}</p>}
            maxLength={2000}
            error={err('notes')}
            {...form.register('notes')}
          />
        </TabGroup>

        <TabSave busy={form.formState.isSubmitting} />
      </TabSection>
    </form>
  );
}
