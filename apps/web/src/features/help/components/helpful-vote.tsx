import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { HelpKind } from '@dealclub/shared/help-rules';
import { toast } from '@/components/ui/use-toast';
import { codedErrorText } from '@/lib/server-errors';
import { useHelpfulVote } from '../api/help';

const choice = 'inline-flex h-11 items-center gap-2 rounded-md border px-4 font-medium disabled:opacity-70';
const pressedStyle = 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800';
const releasedStyle = 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100';

/**
 * 'Was this helpful?' under an article or a Q&A: Yes / No, with the reader's own answer pressed.
 * Answering again changes it (one answer per reader, or per browser's address signed out).
 */
export function HelpfulVote({ kind, id, myVote }: { kind: HelpKind; id: string; myVote: boolean | null }) {
  const { t } = useTranslation();
  const vote = useHelpfulVote(kind, id);
  const answer = (helpful: boolean) =>
    vote.mutate(helpful, {
      onError: (error) =>
        toast({ title: codedErrorText(t, error, 'help.helpful.failed'), variant: 'destructive' }),
    });
  return (
    <section
      aria-labelledby="helpful-title"
      className="mt-10 grid gap-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="helpful-title" className="text-lg font-semibold">
        {t('help.helpful.question')}
      </h2>
      <div className="flex flex-wrap gap-3">
        {([true, false] as const).map((helpful) => {
          const Icon = helpful ? ThumbsUp : ThumbsDown;
          const pressed = myVote === helpful;
          return (
            <button
              key={String(helpful)}
              type="button"
              aria-pressed={pressed}
              disabled={vote.isPending}
              onClick={() => answer(helpful)}
              className={`${choice} ${pressed ? pressedStyle : releasedStyle}`}
            >
              <Icon aria-hidden className="size-4" />
              {helpful ? t('help.helpful.yes') : t('help.helpful.no')}
            </button>
          );
        })}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {myVote === null ? '' : myVote ? t('help.helpful.thanksYes') : t('help.helpful.thanksNo')}
      </p>
    </section>
  );
}
