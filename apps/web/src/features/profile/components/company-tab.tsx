import { useTranslation } from 'react-i18next';
import { formatPhone } from '@dealclub/shared/phone';
import type { CompanyInput } from '@dealclub/shared/preferences';
import { MAX_LOGO_BYTES } from '@dealclub/shared/preferences-rules';
import { PageFallback } from '@/components/layout/page-fallback';
import { FormField } from '@/components/ui/form-field';
import { useFieldMessage } from '@/lib/form-helpers';
import { companyTab, useLogo, type Company } from '../api/tabs';
import { tabResolver, useTabForm } from '../lib/forms';
import { ImageUpload } from './image-upload';
import { CallBookingField, TabSave, TabSection } from './tab-section';

/** The Company tab: name, phone, e-mail, logo and call-booking link. */
export function CompanyTab() {
  const saved = companyTab.useQuery();
  const logo = useLogo();
  const { t } = useTranslation();
  if (!saved.data) return <PageFallback />;
  return (
    <div className="grid gap-8">
      <CompanyForm saved={saved.data} />
      <TabSection title={t('company.logo')}>
        <ImageUpload
          title={t('company.logo')}
          hint={t('company.logoHint')}
          url={saved.data.logoUrl}
          alt={t('company.logoAlt')}
          emptyLabel={t('company.noLogo')}
          maxBytes={MAX_LOGO_BYTES}
          tooLargeCode="LOGO_TOO_LARGE"
          onUpload={(file) => logo.upload.mutateAsync(file)}
          onRemove={() => logo.remove.mutateAsync()}
        />
      </TabSection>
    </div>
  );
}

type FormValues = { companyName: string; companyPhone: string; companyEmail: string; callBookingUrl: string };

const defaults = (saved: Company): FormValues => ({
  companyName: saved.companyName ?? '',
  companyPhone: formatPhone(saved.companyPhone),
  companyEmail: saved.companyEmail ?? '',
  callBookingUrl: saved.callBookingUrl ?? '',
});

const resolver = tabResolver<FormValues>('company');

function CompanyForm({ saved }: { saved: Company }) {
  const { t } = useTranslation();
  const save = companyTab.useSave();
  const { form, onSubmit, notice } = useTabForm({
    draft: 'company',
    resolver,
    saved,
    defaults,
    save: (values) => save.mutateAsync(values as CompanyInput),
    savedKey: 'company.saved',
  });
  const { errors } = form.formState;
  const err = useFieldMessage();

  return (
    <form noValidate onSubmit={onSubmit} onFocus={resolver.preload}>
      <TabSection title={t('company.title')} lead={t('company.lead')}>
        {notice}
        <FormField
          label={t('company.name')}
          autoComplete="organization"
          error={err(errors.companyName?.message)}
          {...form.register('companyName')}
        />
        <div className="grid gap-5 md:grid-cols-2">
          <FormField
            label={t('company.phone')}
            type="tel"
            autoComplete="tel"
            hint={<p className="text-sm text-slate-600">{t('profile.phoneHint')}</p>}
            error={err(errors.companyPhone?.message)}
            {...form.register('companyPhone', {
              onBlur: (e: { target: { value: string } }) => {
                const formatted = formatPhone(e.target.value);
                if (formatted && formatted !== e.target.value) form.setValue('companyPhone', formatted);
              },
            })}
          />
          <FormField
            label={t('company.email')}
            type="email"
            autoComplete="email"
            error={err(errors.companyEmail?.message)}
            {...form.register('companyEmail')}
          />
        </div>
        <CallBookingField error={err(errors.callBookingUrl?.message)} {...form.register('callBookingUrl')} />
        <TabSave busy={form.formState.isSubmitting} />
      </TabSection>
    </form>
  );
}
