import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, SubmitButton } from '@/components/ui/form-field';

/** A titled card of a profile tab. */
export function TabSection({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="grid gap-5 rounded-xl border border-slate-200 bg-white p-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">{title}</h2>
        {lead && <p className="text-slate-700">{lead}</p>}
      </div>
      {children}
    </section>
  );
}

/** A sub-heading inside a tab's card. */
export function TabGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-4 border-t border-slate-100 pt-5">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}

/** The submit at the end of a tab's form ("Save" unless `label` says otherwise), busy while it saves. */
export function TabSave({ busy, label }: { busy: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <SubmitButton busy={busy} busyLabel={t('profile.saving')}>
        {label ?? t('profile.save')}
      </SubmitButton>
    </div>
  );
}

/** The seller's call-booking link (the Company and Seller preferences tabs both keep it). */
export function CallBookingField({ error, ...registration }: { error?: string } & UseFormRegisterReturn) {
  const { t } = useTranslation();
  return (
    <FormField
      label={t('sellerPreferences.callBookingUrl')}
      type="url"
      inputMode="url"
      placeholder="https://"
      hint={<p className="text-sm text-slate-600">{t('sellerPreferences.callBookingHint')}</p>}
      error={error}
      {...registration}
    />
  );
}

/** A secondary action beside a form (Cancel, Turn off). */
export const secondary =
  'h-11 rounded-md border border-slate-300 px-4 font-semibold text-ink hover:bg-slate-50 justify-self-start';
