import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { codedErrorText } from '@/lib/server-errors';

/**
 * Shell §8's toasts of a sent form: 'Feedback submitted!' on success; on failure 'Error submitting
 * feedback' with the server's message in the user's language (its code's entry), else 'Failed to
 * submit feedback'.
 */
export function useFeedbackToasts() {
  const { t } = useTranslation();
  return {
    succeeded: () =>
      toast({ title: t('feedback.toast.successTitle'), description: t('feedback.toast.successBody') }),
    failed: (error: unknown) =>
      toast({
        title: t('feedback.toast.errorTitle'),
        description: codedErrorText(t, error, 'feedback.failed'),
        variant: 'destructive',
      }),
  };
}
