import { useTranslation } from 'react-i18next';
import type { BuyBoxInput } from '@dealclub/shared/preferences';
import { BUY_BOX_TYPES, MAX_BUY_BOX_ZIPS } from '@dealclub/shared/preferences-rules';
import { PageFallback } from '@/components/layout/page-fallback';
import { SelectField } from '@/components/ui/choice-fields';
import { FormField } from '@/components/ui/form-field';
import { stateOptions } from '@/components/ui/state-options';
import { useFieldMessage } from '@/lib/form-helpers';
import { buyBoxTab, type SavedBuyBox } from '../api/tabs';
import { tabResolver, useAfterProfileSave, useTabForm } from '../lib/forms';
import { TabSave, TabSection } from './tab-section';
import { useZipCodesCheck, ZipCodesField } from './zip-codes-field';

/** The Buy box tab: type, state and city required, up to 50 ZIP codes in that state. */
export function BuyBoxTab() {
  const saved = buyBoxTab.useQuery();
  return saved.isPending ? <PageFallback /> : <BuyBoxForm saved={saved.data ?? null} />;
}

const defaults = (saved: SavedBuyBox | null): BuyBoxInput =>
  saved
    ? {
        type: saved.type as BuyBoxInput['type'],
        state: saved.state,
        city: saved.city,
        zipCodes: saved.zipCodes,
      }
    : { type: '' as BuyBoxInput['type'], state: '', city: '', zipCodes: [] };

const resolver = tabResolver<BuyBoxInput>('buyBox');

function BuyBoxForm({ saved }: { saved: SavedBuyBox | null }) {
  const { t } = useTranslation();
  const checkZipCodes = useZipCodesCheck();
  const save = buyBoxTab.useSave();
  const afterSave = useAfterProfileSave();
  const { form, onSubmit, notice } = useTabForm({
    draft: 'buyBox',
    resolver,
    saved,
    defaults,
    save: (values: BuyBoxInput) => save.mutateAsync(values),
    savedKey: 'buyBox.saved',
    failedKey: 'buyBox.failed',
    check: (values) => checkZipCodes(values.zipCodes ?? [], values.state),
    onSaved: afterSave,
  });
  const { errors } = form.formState;
  const err = useFieldMessage();
  const state = form.watch('state');

  return (
    <form noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
      <TabSection title={t('buyBox.title')} lead={t('buyBox.lead')}>
        {notice}
        <SelectField
          label={t('buyBox.type')}
          placeholder={t('buyBox.chooseType')}
          options={BUY_BOX_TYPES.map((value) => ({ value, label: t(`buyBox.typeOption.${value}`) }))}
          error={err(errors.type?.message)}
          {...form.register('type')}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <SelectField
            label={t('geo.state')}
            placeholder={t('geo.chooseState')}
            options={stateOptions(t)}
            error={err(errors.state?.message)}
            {...form.register('state')}
          />
          <FormField label={t('geo.city')} error={err(errors.city?.message)} {...form.register('city')} />
        </div>
        <ZipCodesField
          label={t('geo.zipCodes')}
          value={form.watch('zipCodes') ?? []}
          onChange={(zipCodes) => form.change('zipCodes', zipCodes)}
          max={MAX_BUY_BOX_ZIPS}
          state={state}
          tooManyKey="buyBox.validation.zipMax"
          error={err(errors.zipCodes?.message ?? errors.zipCodes?.root?.message)}
        />
        <TabSave busy={form.formState.isSubmitting} />
      </TabSection>
    </form>
  );
}
