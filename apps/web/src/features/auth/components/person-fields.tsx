import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { useFieldMessage } from '@/lib/form-helpers';

type PersonField = 'firstName' | 'lastName' | 'email';

/** First name, last name and e-mail, as the sign-up and request-access forms ask for them. */
export function PersonFields({
  register,
  errors,
}: {
  register: (name: PersonField) => UseFormRegisterReturn;
  errors: Partial<Record<PersonField, { message?: string }>>;
}) {
  const { t } = useTranslation();
  const message = useFieldMessage();
  const error = (name: PersonField) => message(errors[name]?.message);
  return (
    <>
      <div className="grid gap-5 md:grid-cols-2">
        <FormField
          label={t('access.firstName')}
          autoComplete="given-name"
          error={error('firstName')}
          {...register('firstName')}
        />
        <FormField
          label={t('access.lastName')}
          autoComplete="family-name"
          error={error('lastName')}
          {...register('lastName')}
        />
      </div>
      <FormField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={error('email')}
        {...register('email')}
      />
    </>
  );
}
