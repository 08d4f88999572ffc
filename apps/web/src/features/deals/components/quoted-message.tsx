/**
 * A message a buyer wrote to the seller (an interest, an offer's note), quoted as written: line
 * breaks kept, long words wrapped; with a caption ("Your message") when the context does not say.
 */
export function QuotedMessage({
  text,
  label,
  compact = false,
}: {
  text: string;
  label?: string;
  /** Smaller type, for a list of cards. */
  compact?: boolean;
}) {
  const quote = (
    <blockquote
      className={`rounded-md border-l-4 border-brand-100 bg-slate-50 p-3 break-words whitespace-pre-line text-slate-800 ${
        compact ? 'text-sm' : ''
      }`}
    >
      {text}
    </blockquote>
  );
  if (!label) return quote;
  return (
    <figure className="grid gap-1">
      <figcaption className={`text-slate-600 ${compact ? 'text-xs' : 'text-sm'}`}>{label}</figcaption>
      {quote}
    </figure>
  );
}
