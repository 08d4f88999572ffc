import { AlertDialog } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
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
      toast({
        title:
          error instanceof ApiError && error.code === 'STATUS_CHANGE_NOT_ALLOWED'
            ? t('errors.STATUS_CHANGE_NOT_ALLOWED')
            : t('dealManage.delete.failed'),
        variant: 'destructive',
      });
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-xl font-semibold">
            {t('dealManage.delete.title')}
          </AlertDialog.Title>
          <AlertDialog.Description className="grid gap-2 text-slate-700">
            <span className="font-medium text-ink">{address}</span>
            <span>{t('dealManage.delete.body')}</span>
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="h-11 rounded-md px-4 font-medium text-slate-700 hover:bg-slate-100">
              {t('dealManage.delete.keep')}
            </AlertDialog.Cancel>
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => void confirm()}
              className="h-11 rounded-md bg-red-700 px-4 font-semibold text-white hover:bg-red-800 disabled:opacity-70"
            >
              {remove.isPending ? t('dealManage.delete.deleting') : t('dealManage.delete.confirm')}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
