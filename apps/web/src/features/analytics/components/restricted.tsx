import { ShieldAlert } from 'lucide-react';

/** The restricted-access message of a seller-side screen (core §2), as the Owners Club shows it. */
export function Restricted({ title, message }: { title: string; message: string }) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 p-4 text-center [overflow-wrap:anywhere] sm:p-8">
      <ShieldAlert aria-hidden className="size-12 text-amber-600" />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-slate-700">{message}</p>
    </section>
  );
}
