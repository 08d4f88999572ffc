import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  BUY_BOX_TYPES,
  buyBoxSchema,
  MAX_BUY_BOX_ZIPS,
  type BuyBoxInput,
} from '@dealclub/shared/preferences';
import { PageFallback } from '@/components/layout/page-fallback';
import { SelectField } from '@/components/ui/choice-fields';
import { FormField, SubmitButton } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { buyBoxTab, zipLookupOptions, type SavedBuyBox } from '../api/tabs';
import { applyServerErrors, useFieldMessage } from '@/lib/form-helpers';
import { useAfterProfileSave } from '../lib/forms';
import { stateOptions } from '@/components/ui/state-options';
import { TabSection } from './tab-section';
import { firstZipProblem, ZipCodesField } from './zip-codes-field';

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

function BuyBoxForm({ saved }: { saved: SavedBuyBox | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = buyBoxTab.useSave();
  const afterSave = useAfterProfileSave();
  const form = useForm<BuyBoxInput>({
    resolver: zodResolver(buyBoxSchema) as never,
    defaultValues: defaults(saved),
  });
  const { errors } = form.formState;
  const err = useFieldMessage();
  const state = useWatch({ control: form.control, name: 'state' });
  const failed = () => toast({ title: t('buyBox.failed'), variant: 'destructive' });

  async function submit(values: BuyBoxInput) {
    const zips = values.zipCodes ?? [];
    try {
      const known = await queryClient.fetchQuery(zipLookupOptions(zips));
      const problem = firstZipProblem(t, zips, known, values.state);
      if (problem) {
        form.setError('zipCodes', { message: problem });
        return failed();
      }
      const result = await save.mutateAsync(values);
      form.reset(defaults(result));
      toast({ title: t('buyBox.saved') });
      await afterSave();
    } catch (e) {
      applyServerErrors(form, e, t);
      failed();
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(submit, failed)}>
      <TabSection title={t('buyBox.title')} lead={t('buyBox.lead')}>
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
        <Controller
          control={form.control}
          name="zipCodes"
          render={({ field }) => (
            <ZipCodesField
              label={t('geo.zipCodes')}
              value={field.value ?? []}
              onChange={field.onChange}
              max={MAX_BUY_BOX_ZIPS}
              state={state}
              tooManyKey="buyBox.validation.zipMax"
              error={err(errors.zipCodes?.message ?? errors.zipCodes?.root?.message)}
            />
          )}
        />
        <div>
          <SubmitButton busy={form.formState.isSubmitting} busyLabel={t('profile.saving')}>
            {t('profile.save')}
          </SubmitButton>
        </div>
      </TabSection>
    </form>
  );
}
