import type { ReactNode } from 'react';

/** A titled card of a profile tab. */
export function TabSection({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <section className="grid gap-5 rounded-xl border border-slate-200 bg-white p-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">{title}</h2>
        {lead && <p className="text-slate-700">{lead}</p>}
      </div>
      {children}
    </section>
  );
}

/** A sub-heading inside a tab's card. */
export function TabGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-4 border-t border-slate-100 pt-5">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {children}
    </div>
  );
}
