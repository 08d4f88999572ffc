import ReactMarkdown, { type Components } from 'react-markdown';

/**
 * Markdown as lessons and help articles are written (ARCHITECTURE.md: a maintained renderer that
 * drops raw HTML): react-markdown without rehype-raw, with `skipHtml` so HTML in the text is left
 * out, and its default URL filter so `javascript:` links never become links. Headings start one
 * level below the page's own `h1`.
 */
const components: Components = {
  h1: ({ children }) => <h2 className="mt-6 text-2xl font-bold">{children}</h2>,
  h2: ({ children }) => <h2 className="mt-6 text-xl font-bold">{children}</h2>,
  h3: ({ children }) => <h3 className="mt-5 text-lg font-semibold">{children}</h3>,
  h4: ({ children }) => <h4 className="mt-4 font-semibold">{children}</h4>,
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

export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={className}>
      <ReactMarkdown skipHtml components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
