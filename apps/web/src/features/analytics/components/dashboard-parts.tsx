import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

/** A titled block of the dashboard, with its count and the link to the whole list. */
export function DashboardSection({
  title,
  count,
  more,
  children,
  testId,
}: {
  title: string;
  count?: string;
  more?: { to: string; label: string };
  children: ReactNode;
  testId: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="grid content-start gap-3 rounded-xl border border-slate-200 bg-white p-5"
      data-testid={testId}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
          {count !== undefined && (
            <>
              {' '}
              <span className="text-base font-normal text-slate-700">({count})</span>
            </>
          )}
        </h2>
        {more && (
          <Link to={more.to} className="text-sm font-medium text-brand-800 underline">
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/** What an empty section says, with where to start. */
export function DashboardEmpty({ text, action }: { text: string; action?: { to: string; label: string } }) {
  return (
    <div className="grid gap-2 rounded-md bg-slate-50 p-4 text-slate-700">
      <p>{text}</p>
      {action && (
        <Link to={action.to} className="justify-self-start font-medium text-brand-800 underline">
          {action.label}
        </Link>
      )}
    </div>
  );
}
