import { useMemo, type ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

type Level = 2 | 3 | 4 | 5 | 6;
const HEADING_STYLES: Record<Level, string> = {
  2: 'mt-6 text-xl font-bold',
  3: 'mt-6 text-lg font-bold',
  4: 'mt-5 font-semibold',
  5: 'mt-4 font-semibold',
  6: 'mt-4 font-semibold',
};

function heading(level: number) {
  const Tag = `h${Math.min(6, level)}` as 'h2';
  const Heading = ({ children }: { children?: ReactNode }) => (
    <Tag className={HEADING_STYLES[Math.min(6, level) as Level]}>{children}</Tag>
  );
  return Heading;
}

const base: Components = {
  p: ({ children }) => <p className="mt-3 leading-relaxed">{children}</p>,
  ul: ({ children }) => <ul className="mt-3 list-disc space-y-1 pl-6">{children}</ul>,
  ol: ({ children }) => <ol className="mt-3 list-decimal space-y-1 pl-6">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="mt-3 border-l-4 border-brand-600 bg-brand-50 px-4 py-2">{children}</blockquote>
  ),
  a: ({ href, children }) => (
    <a href={href} className="text-brand-800 underline" rel="noopener noreferrer">
      {children}
    </a>
  ),
  table: ({ children }) => (
    <div className="mt-3 overflow-x-auto">
      <table className="min-w-full border-collapse text-left text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border border-slate-300 bg-slate-100 px-2 py-1">{children}</th>,
  td: ({ children }) => <td className="border border-slate-300 px-2 py-1">{children}</td>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 font-mono text-sm">{children}</code>,
  hr: () => <hr className="my-6 border-slate-200" />,
  img: ({ alt }) => <span>{alt}</span>,
};

/**
 * Markdown as lessons and help articles are written (ARCHITECTURE.md: a maintained renderer that
 * drops raw HTML): react-markdown without rehype-raw, with `skipHtml` so HTML in the text is left
 * out, and its default URL filter so `javascript:` links never become links. Headings start below
 * the page's own (`headingLevel`).
 *
 * `headingLevel`: the level of the text's top headings (`#` and `##`).
 */
export function Markdown({
  children,
  className,
  headingLevel = 2,
}: {
  children: string;
  className?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const components = useMemo<Components>(
    () => ({
      ...base,
      h1: heading(headingLevel),
      h2: heading(headingLevel),
      h3: heading(headingLevel + 1),
      h4: heading(headingLevel + 2),
      h5: heading(headingLevel + 3),
      h6: heading(headingLevel + 3),
    }),
    [headingLevel],
  );
  return (
    <div className={className}>
      <ReactMarkdown skipHtml components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
