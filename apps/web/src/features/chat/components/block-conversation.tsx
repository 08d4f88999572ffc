import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '@/components/ui/confirm-dialog';
import { codedErrorText } from '@/lib/server-errors';
import { useBlockThread } from '../api/messages';

/** "Block conversation", confirmed first: afterwards neither side can write in it. */
export function BlockConversation({ threadId, summary }: { threadId: string; summary: string }) {
  const { t } = useTranslation();
  const block = useBlockThread(threadId);
  return (
    <ConfirmAction
      action={() => block.mutateAsync()}
      failed={(error) => codedErrorText(t, error, 'chat.thread.block.failed', ['THREAD_NOT_FOUND'])}
      trigger={
        <button
          type="button"
          className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-semibold text-red-800 hover:bg-red-50"
        >
          <Ban aria-hidden className="size-4" />
          {t('chat.thread.block.action')}
        </button>
      }
      title={t('chat.thread.block.title')}
      summary={summary}
      body={t('chat.thread.block.body')}
      cancelLabel={t('chat.thread.block.cancel')}
      confirmLabel={t('chat.thread.block.confirm')}
      busyLabel={t('chat.thread.block.busy')}
      tone="danger"
      busy={block.isPending}
    />
  );
}
