import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { codedErrorText } from '@/lib/server-errors';
import { useDeleteDeal } from '../api/deal-mutations';

/** The confirmation of "Delete" (a soft delete: the deal is kept, hidden from everyone else). */
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
  const [open, setOpen] = useState(false);

  async function confirm() {
    try {
      await remove.mutateAsync(dealId);
      toast({ title: t('dealManage.delete.done') });
      setOpen(false);
    } catch (error) {
      // The dialog stays open: the seller may try again or keep the deal.
      toast({
        title: codedErrorText(t, error, 'dealManage.delete.failed', ['STATUS_CHANGE_NOT_ALLOWED']),
        variant: 'destructive',
      });
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={t('dealManage.delete.title')}
      summary={address}
      body={t('dealManage.delete.body')}
      cancelLabel={t('dealManage.delete.keep')}
      confirmLabel={t('dealManage.delete.confirm')}
      busyLabel={t('dealManage.delete.deleting')}
      tone="danger"
      busy={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
