import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@/components/ui/form-field';

/**
 * The buttons under the buyer's offer and interest forms: submit, saying what it sends and that it
 * is busy while it does, and "Cancel" when the form replaces something already sent.
 */
export function FormActions({
  label,
  busyLabel,
  busy,
  disabled,
  onCancel,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  disabled?: boolean;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <SubmitButton busy={busy} busyLabel={busyLabel} disabled={disabled}>
        {label}
      </SubmitButton>
      {onCancel && (
        <button
          type="button"
          onClick={onCancel}
          className="h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100"
        >
          {t('offers.cancel')}
        </button>
      )}
    </div>
  );
}
