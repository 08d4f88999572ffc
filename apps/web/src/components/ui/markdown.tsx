import { Fragment, useMemo, type ReactNode } from 'react';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Definition, List, ListItem, Nodes, Parents, Root } from 'mdast';

type Level = 2 | 3 | 4 | 5 | 6;
const HEADING_STYLES: Record<Level, string> = {
  2: 'mt-6 text-xl font-bold',
  3: 'mt-6 text-lg font-bold',
  4: 'mt-5 font-semibold',
  5: 'mt-4 font-semibold',
  6: 'mt-4 font-semibold',
};

/** The protocols a link may use; any other (`javascript:`, `data:`, `vbscript:`) is not a link. */
const SAFE_PROTOCOL = /^(?:https?|ircs?|mailto|xmpp)$/i;

/**
 * The address a link may carry, or null: a relative address (no scheme before its first `/`, `?` or
 * `#`), or one of SAFE_PROTOCOL's. The same rule as react-markdown's default URL filter.
 */
export function safeHref(url: string): string | null {
  const colon = url.indexOf(':');
  if (colon === -1) return url;
  const before = (mark: string) => {
    const at = url.indexOf(mark);
    return at !== -1 && at < colon;
  };
  if (before('/') || before('?') || before('#')) return url;
  return SAFE_PROTOCOL.test(url.slice(0, colon)) ? url : null;
}

interface Context {
  /** The level of the text's top headings (`#` and `##`). */
  headingLevel: number;
  /** Link definitions by identifier (`[text][id]` … `[id]: url`). */
  definitions: Map<string, Definition>;
}

/** A list is loose (its items' paragraphs kept as paragraphs) when it or any item is spread. */
function isLoose(list: List): boolean {
  return Boolean(list.spread) || list.children.some((item) => item.spread);
}

function renderChildren(parent: Parents, context: Context, tight = false): ReactNode[] {
  return parent.children.map((child, i) => (
    <Fragment key={i}>{render(child as Nodes, context, tight)}</Fragment>
  ));
}

function renderListItem(item: ListItem, context: Context, tight: boolean): ReactNode {
  return <li>{renderChildren(item, context, tight)}</li>;
}

function render(node: Nodes, context: Context, tight = false): ReactNode {
  switch (node.type) {
    case 'root':
      return renderChildren(node, context);
    case 'paragraph':
      // In a tight list an item's text is not a paragraph of its own.
      return tight ? (
        renderChildren(node, context)
      ) : (
        <p className="mt-3 leading-relaxed">{renderChildren(node, context)}</p>
      );
    case 'heading': {
      // `#` and `##` at the text's top level, each `#` more one level below, down to h6.
      const level = Math.min(6, context.headingLevel + Math.min(3, Math.max(0, node.depth - 2))) as Level;
      const Tag = `h${level}` as const;
      return <Tag className={HEADING_STYLES[level]}>{renderChildren(node, context)}</Tag>;
    }
    case 'list': {
      const tightItems = !isLoose(node);
      const items = node.children.map((item, i) => (
        <Fragment key={i}>{renderListItem(item, context, tightItems)}</Fragment>
      ));
      return node.ordered ? (
        <ol
          className="mt-3 list-decimal space-y-1 pl-6"
          start={node.start !== null && node.start !== undefined && node.start !== 1 ? node.start : undefined}
        >
          {items}
        </ol>
      ) : (
        <ul className="mt-3 list-disc space-y-1 pl-6">{items}</ul>
      );
    }
    case 'listItem':
      return renderListItem(node, context, tight);
    case 'blockquote':
      return (
        <blockquote className="mt-3 border-l-4 border-brand-600 bg-brand-50 px-4 py-2">
          {renderChildren(node, context)}
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
    case 'text':
      return node.value;
    case 'emphasis':
      return <em>{renderChildren(node, context)}</em>;
    case 'strong':
      return <strong>{renderChildren(node, context)}</strong>;
    case 'break':
      return <br />;
    case 'link':
      return link(node.url, node.title, renderChildren(node, context));
    case 'linkReference': {
      const definition = context.definitions.get(node.identifier);
      return definition
        ? link(definition.url, definition.title, renderChildren(node, context))
        : renderChildren(node, context);
    }
    // Images are not shown: their text stands in for them.
    case 'image':
    case 'imageReference':
      return <span>{node.alt}</span>;
    // Raw HTML is left out, and definitions are read by the references.
    default:
      return null;
  }
}

function link(url: string, title: string | null | undefined, children: ReactNode): ReactNode {
  const href = safeHref(url);
  if (href === null) return children;
  return (
    <a href={href} title={title ?? undefined} className="text-brand-800 underline" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function definitionsOf(tree: Root): Map<string, Definition> {
  const found = new Map<string, Definition>();
  const visit = (node: Nodes) => {
    if (node.type === 'definition') {
      // The first definition of an identifier wins (CommonMark).
      if (!found.has(node.identifier)) found.set(node.identifier, node);
    } else if ('children' in node) {
      for (const child of node.children) visit(child as Nodes);
    }
  };
  visit(tree);
  return found;
}

/**
 * Markdown as lessons and help articles are written (ARCHITECTURE.md: a maintained renderer that
 * drops raw HTML; decision 038): CommonMark parsed by mdast-util-from-markdown (micromark, the parser
 * react-markdown uses), its tree rendered to React elements here. HTML in the text is left out, and
 * links keep only safe addresses (`safeHref`), so `javascript:` never becomes a link. Headings start
 * below the page's own (`headingLevel`).
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
  const tree = useMemo(() => fromMarkdown(children), [children]);
  const content = useMemo(
    () => render(tree, { headingLevel, definitions: definitionsOf(tree) }),
    [tree, headingLevel],
  );
  return <div className={className}>{content}</div>;
}
