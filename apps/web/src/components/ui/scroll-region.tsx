import type { ReactNode } from 'react';

/**
 * A wide table's own scroll region: on a narrow screen it scrolls sideways inside the region, not
 * the page (WCAG 1.4.10), and takes the focus so that a keyboard user scrolls it too. `label` names
 * the region, apart from the section around it (landmarks are told apart by their names).
 */
export function ScrollRegion({
  label,
  busy = false,
  className = '',
  children,
}: {
  label: string;
  /** Its rows are being replaced (a new filter's answer on its way). */
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={0}
      className={`overflow-x-auto ${className}`.trim()}
    >
      {children}
    </div>
  );
}
