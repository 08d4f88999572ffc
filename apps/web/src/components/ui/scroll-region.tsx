import type { ReactNode } from 'react';

/**
 * A wide table's own scroll region: on a narrow screen it scrolls sideways inside the region, not
 * the page (WCAG 1.4.10), and takes the focus so that a keyboard user scrolls it too. `label` names
 * the region, apart from the section around it (landmarks are told apart by their names).
 */
export function ScrollRegion({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`.trim()}>
      {children}
    </div>
  );
}
