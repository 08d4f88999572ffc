import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_MAX_LENGTH } from '@dealclub/shared/chat-rules';
import type { ChatMessageInput } from '@dealclub/shared/chat';
import { messageResolver } from '@/lib/message-resolver';
import { useSimpleForm } from '@/lib/simple-form';
import type { ErrorCode } from '@dealclub/shared/errors';
import { TextAreaField } from '@/components/ui/choice-fields';
import { KeptDraftNotice } from '@/components/ui/draft-notice';
import { SubmitButton } from '@/components/ui/form-field';
import { toast } from '@/components/ui/use-toast';
import { applyServerErrors, useFieldMessage } from '@/lib/form-helpers';
import { codedErrorText } from '@/lib/server-errors';
import { useDraft, useKeepDraft } from '@/lib/use-draft';
import { useStartThread } from '../api/start-thread';

/** Refusals that say why this buyer cannot write about the deal: shown as they are. */
const CODED_REFUSALS: readonly ErrorCode[] = [
  'OWN_DEAL',
  'DEAL_UNAVAILABLE',
  'LISTING_NOT_FOUND',
  'THREAD_BLOCKED',
  'RATE_LIMITED',
];

/**
 * "Message the seller" on a deal's page: starts the buyer's conversation about the deal (or adds to
 * it) and opens it. With `buyer`, the deal's originator writes to one of its matching buyers.
 */
export function MessageSellerForm({
  dealId,
  buyer,
}: {
  dealId: string;
  /** The matching buyer the originator writes to. */
  buyer?: { id: string; name: string };
}) {
  const { t } = useTranslation();
  const translate = useFieldMessage();
  const navigate = useNavigate();
  const start = useStartThread();
  const [defaults] = useState<ChatMessageInput>({ body: '' });
  // A first message about the deal is kept while it is typed, per deal (and buyer written to).
  const draft = useDraft('message-start', buyer ? `${dealId}:${buyer.id}` : dealId, defaults);
  const form = useSimpleForm<ChatMessageInput>({ resolver: messageResolver, defaultValues: draft.initial });
  useKeepDraft(draft, form);
  const body = form.watch('body') ?? '';

  async function submit(values: ChatMessageInput) {
    try {
      const body = { dealId, body: values.body, buyerId: buyer?.id };
      const { thread } = await start.mutateAsync({
        ...body,
        idempotencyKey: await draft.keyFor(body, form.getValues()),
      });
      draft.saved();
      void navigate(`/chat/${encodeURIComponent(thread.threadId)}`);
    } catch (error) {
      if (applyServerErrors(form, error, t)) return;
      toast({ title: codedErrorText(t, error, 'chat.start.failed', CODED_REFUSALS), variant: 'destructive' });
    }
  }

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      onFocus={messageResolver.preload}
      className="grid gap-3"
      data-testid="message-seller"
    >
      <KeptDraftNotice draft={draft} reset={() => form.reset(defaults)} />
      {!buyer && <p className="text-slate-700">{t('chat.start.lead')}</p>}
      <TextAreaField
        label={buyer ? t('chat.start.toBuyer', { name: buyer.name }) : t('chat.start.label')}
        maxLength={MESSAGE_MAX_LENGTH}
        length={body.length}
        error={translate(form.formState.errors.body?.message)}
        {...form.register('body')}
      />
      <div>
        <SubmitButton busy={start.isPending} busyLabel={t('chat.start.sending')}>
          {t('chat.start.send')}
        </SubmitButton>
      </div>
    </form>
  );
}
