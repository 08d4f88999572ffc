import { useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_LENGTH } from '@dealclub/shared/chat-rules';
import type { ChatMessageInput } from '@dealclub/shared/chat';
import type { ErrorCode } from '@dealclub/shared/errors';
import { TextAreaField } from '@/components/ui/choice-fields';
import { KeptDraftNotice } from '@/components/ui/draft-notice';
import { FormAlert, SubmitButton } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, useFieldMessage } from '@/lib/form-helpers';
import { codedErrorText } from '@/lib/server-errors';
import { chatKeys } from '@/lib/chat-keys';
import { messageResolver } from '@/lib/message-resolver';
import { useSimpleForm } from '@/lib/simple-form';
import { useDraft, useKeepDraft } from '@/lib/use-draft';
import { useSendMessage } from '../api/messages';

/** Refusals that say themselves why the message did not go. */
const CODED_REFUSALS: readonly ErrorCode[] = ['THREAD_BLOCKED', 'THREAD_NOT_FOUND', 'RATE_LIMITED'];

/**
 * The reply box of a conversation: up to 2,000 characters with a counter; Enter sends and
 * Shift+Enter starts a new line. A refused message stays in the box with the reason. The small form
 * (lib/simple-form.ts) with the message's schema loaded when first checked: react-hook-form and zod
 * were 35 KB of the screen's first visit.
 */
export function Composer({ threadId, onSent }: { threadId: string; onSent: () => void }) {
  const { t } = useTranslation();
  const translate = useFieldMessage();
  const queryClient = useQueryClient();
  const send = useSendMessage(threadId);
  const [failure, setFailure] = useState<string | null>(null);
  const [defaults] = useState<ChatMessageInput>({ body: '' });
  // The reply being typed is kept per conversation (issue 33).
  const draft = useDraft('chat', threadId, defaults);
  const form = useSimpleForm<ChatMessageInput>({ resolver: messageResolver, defaultValues: draft.initial });
  useKeepDraft(draft, form);
  const body = form.watch('body') ?? '';

  async function submit(values: ChatMessageInput) {
    setFailure(null);
    try {
      await send.mutateAsync({ ...values, idempotencyKey: await draft.keyFor(values, form.getValues()) });
      draft.saved();
    } catch (error) {
      if (applyServerErrors(form, error, t)) return;
      setFailure(codedErrorText(t, error, 'chat.composer.failed', CODED_REFUSALS));
      // Blocked meanwhile by the other side: read the conversation again to show the notice.
      if (error instanceof ApiError && error.code === 'THREAD_BLOCKED') {
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(threadId) });
      }
      return;
    }
    form.reset({ body: '' });
    onSent();
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (!send.isPending) void form.handleSubmit(submit)();
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      onFocus={messageResolver.preload}
      className="grid gap-2"
      data-testid="composer"
    >
      <KeptDraftNotice draft={draft} reset={() => form.reset(defaults)} />
      <TextAreaField
        label={t('chat.composer.label')}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        length={body.length}
        error={translate(form.formState.errors.body?.message)}
        hint={<p className="text-xs text-slate-600">{t('chat.composer.hint')}</p>}
        onKeyDown={onKeyDown}
        {...form.register('body')}
      />
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="flex justify-end">
        <SubmitButton busy={send.isPending} busyLabel={t('chat.composer.sending')}>
          {t('chat.composer.send')}
        </SubmitButton>
      </div>
    </form>
  );
}
