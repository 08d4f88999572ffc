import { useTranslation } from 'react-i18next';
import { FormAlert } from './form-field';

/** Something that could not be read (a list, a settings tab), with its message and "Try again". */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <FormAlert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        <button
          type="button"
          onClick={onRetry}
          className="h-9 rounded-md border border-red-300 bg-white px-3 font-medium text-red-800 hover:bg-red-50"
        >
          {t('app.retry')}
        </button>
      </div>
    </FormAlert>
  );
}
