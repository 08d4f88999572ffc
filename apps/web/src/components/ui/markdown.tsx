import { Fragment, type ReactNode } from 'react';
import type { MarkdownNode } from '@dealclub/shared/markdown-tree';
import { safeHref } from '@dealclub/shared/safe-href';

type Level = 2 | 3 | 4 | 5 | 6;
const HEADING_STYLES: Record<Level, string> = {
  2: 'mt-6 text-xl font-bold',
  3: 'mt-6 text-lg font-bold',
  4: 'mt-5 font-semibold',
  5: 'mt-4 font-semibold',
  6: 'mt-4 font-semibold',
};

function renderAll(nodes: readonly MarkdownNode[], headingLevel: number): ReactNode[] {
  return nodes.map((node, i) => <Fragment key={i}>{render(node, headingLevel)}</Fragment>);
}

function render(node: MarkdownNode, headingLevel: number): ReactNode {
  if (typeof node === 'string') return node;
  switch (node.type) {
    case 'paragraph':
      return <p className="mt-3 leading-relaxed">{renderAll(node.children, headingLevel)}</p>;
    case 'heading': {
      // `#` and `##` at the text's top level, each `#` more one level below, down to h6.
      const level = Math.min(6, headingLevel + Math.min(3, Math.max(0, node.depth - 2))) as Level;
      const Tag = `h${level}` as const;
      return <Tag className={HEADING_STYLES[level]}>{renderAll(node.children, headingLevel)}</Tag>;
    }
    case 'list': {
      const items = renderAll(node.children, headingLevel);
      return node.ordered ? (
        <ol className="mt-3 list-decimal space-y-1 pl-6" start={node.start}>
          {items}
        </ol>
      ) : (
        <ul className="mt-3 list-disc space-y-1 pl-6">{items}</ul>
      );
    }
    case 'listItem':
      return <li>{renderAll(node.children, headingLevel)}</li>;
    case 'blockquote':
      return (
        <blockquote className="mt-3 border-l-4 border-brand-600 bg-brand-50 px-4 py-2">
          {renderAll(node.children, headingLevel)}
        </blockquote>
      );
    case 'code':
      return (
        <pre>
          <code className="rounded bg-slate-100 px-1 font-mono text-sm">{node.value}</code>
        </pre>
      );
    case 'inlineCode':
      return <code className="rounded bg-slate-100 px-1 font-mono text-sm">{node.value}</code>;
    case 'thematicBreak':
      return <hr className="my-6 border-slate-200" />;
    case 'emphasis':
      return <em>{renderAll(node.children, headingLevel)}</em>;
    case 'strong':
      return <strong>{renderAll(node.children, headingLevel)}</strong>;
    case 'break':
      return <br />;
    case 'link': {
      const children = renderAll(node.children, headingLevel);
      // The tree holds safe addresses only; checked again here, as the last step before the DOM.
      const href = safeHref(node.url);
      if (href === null) return children;
      return (
        <a href={href} title={node.title} className="text-brand-800 underline" rel="noopener noreferrer">
          {children}
        </a>
      );
    }
    default:
      return null;
  }
}

/**
 * A Markdown text as lessons, help articles and answers show it (decisions 038 and 039): its tree
 * (`markdownTree` of @dealclub/shared/markdown-tree, which the API sends with the text) rendered to
 * React elements. Raw HTML was left out of the tree, and links keep only safe addresses
 * (`safeHref`), so `javascript:` never becomes a link. Headings start below the page's own.
 *
 * `headingLevel`: the level of the text's top headings (`#` and `##`).
 */
export function MarkdownView({
  tree,
  className,
  headingLevel = 2,
}: {
  tree: readonly MarkdownNode[];
  className?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  return <div className={className}>{renderAll(tree, headingLevel)}</div>;
}
