import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '@/components/ui/confirm-dialog';
import { codedErrorText } from '@/lib/server-errors';
import { useDeleteDeal } from '../api/deal-mutations';

/**
 * The confirmation of "Delete" (a soft delete: the deal is kept, hidden from everyone else). When it
 * fails the dialog stays open: the seller may try again or keep the deal.
 */
export function DeleteDialog({
  dealId,
  address,
  trigger,
}: {
  dealId: string;
  address: string;
  /** The button that opens the confirmation; the focus goes back to it when it closes. */
  trigger: ReactNode;
}) {
  const { t } = useTranslation();
  const remove = useDeleteDeal();
  return (
    <ConfirmAction
      action={() => remove.mutateAsync(dealId)}
      done={t('dealManage.delete.done')}
      failed={(error) => codedErrorText(t, error, 'dealManage.delete.failed', ['STATUS_CHANGE_NOT_ALLOWED'])}
      trigger={trigger}
      title={t('dealManage.delete.title')}
      summary={address}
      body={t('dealManage.delete.body')}
      cancelLabel={t('dealManage.delete.keep')}
      confirmLabel={t('dealManage.delete.confirm')}
      busyLabel={t('dealManage.delete.deleting')}
      tone="danger"
      busy={remove.isPending}
    />
  );
}
