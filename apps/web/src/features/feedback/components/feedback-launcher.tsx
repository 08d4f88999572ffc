/**
 * The floating feedback widget's button (shell §2, signed-in users only), bottom right. The button
 * is all the shell carries: the widget itself (its steps, form and texts) loads on the first
 * press, or as soon as the pointer or the focus reaches the button, and stays mounted after.
 */
import { MessageSquarePlus } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session/session-context';
import { FEEDBACK_WIDGET_ID } from './feedback-widget-id';

const loadWidget = () => import('./feedback-widget');
const FeedbackWidget = lazy(loadWidget);
const prefetch = () => void loadWidget().catch(() => undefined);

export function FeedbackLauncher() {
  const session = useSession();
  if (session.status !== 'authenticated') return null;
  return <Launcher />;
}

function Launcher() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      {asked && (
        <Suspense fallback={null}>
          <FeedbackWidget open={open} onClose={close} />
        </Suspense>
      )}
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={asked ? FEEDBACK_WIDGET_ID : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setAsked(true);
          setOpen((was) => !was);
        }}
        className="fixed right-4 bottom-4 z-30 inline-flex h-12 print:hidden items-center gap-2 rounded-full bg-brand-700 px-5 font-semibold text-white shadow-lg hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <MessageSquarePlus aria-hidden className="size-5" />
        {t('nav.feedback')}
      </button>
    </>
  );
}
