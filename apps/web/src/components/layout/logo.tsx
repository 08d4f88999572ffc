/** The DealClub mark: a house in a rounded square, drawn inline so it needs no asset host. */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className}>
      <rect width="32" height="32" rx="7" fill="#ffffff" />
      <path d="M6 16.5 16 8l10 8.5V25a1 1 0 0 1-1 1h-6v-6h-6v6H7a1 1 0 0 1-1-1z" fill="#0f766e" />
    </svg>
  );
}
