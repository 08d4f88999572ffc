/**
 * Markdown as lessons, help articles and answers are written, parsed once into the small tree the
 * reading screens render (decision 039): the API sends it with the text, so those screens carry no
 * parser; the editors' previews parse with this same function. CommonMark is parsed by
 * mdast-util-from-markdown (micromark); the tree keeps only what is shown (decision 038):
 *
 * - raw HTML (block or inline) is left out, and so are link definitions;
 * - a link keeps a safe address only (`safeHref`), else it is its text; a reference link takes its
 *   definition's address (the first definition of a label, as CommonMark says);
 * - an image is its text;
 * - a tight list's items hold their text, not paragraphs; an ordered list keeps its start.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Definition, List, Nodes, Parents, Root } from 'mdast';
import { safeHref } from './safe-href';

/** A text, or an element of a Markdown text as the reading screens show it. */
export type MarkdownNode = string | MarkdownElement;

export type MarkdownElement =
  | { type: 'paragraph' | 'blockquote' | 'emphasis' | 'strong' | 'listItem'; children: MarkdownNode[] }
  | { type: 'heading'; depth: number; children: MarkdownNode[] }
  | { type: 'list'; ordered: boolean; start?: number; children: MarkdownNode[] }
  | { type: 'code' | 'inlineCode'; value: string }
  | { type: 'thematicBreak' | 'break' }
  | { type: 'link'; url: string; title?: string; children: MarkdownNode[] };

/** A list is loose (its items' paragraphs kept as paragraphs) when it or any item is spread. */
const isLoose = (list: List) => Boolean(list.spread) || list.children.some((item) => item.spread);

function definitionsOf(tree: Root): Map<string, Definition> {
  const found = new Map<string, Definition>();
  const visit = (node: Nodes) => {
    if (node.type === 'definition') {
      if (!found.has(node.identifier)) found.set(node.identifier, node);
    } else if ('children' in node) {
      for (const child of node.children) visit(child as Nodes);
    }
  };
  visit(tree);
  return found;
}

/** Adjacent texts joined, as React would show them. */
function push(into: MarkdownNode[], node: MarkdownNode) {
  const last = into.length - 1;
  if (typeof node === 'string' && typeof into[last] === 'string') into[last] += node;
  else into.push(node);
}

function convert(
  nodes: Parents['children'],
  definitions: Map<string, Definition>,
  tight = false,
): MarkdownNode[] {
  const out: MarkdownNode[] = [];
  for (const node of nodes as Nodes[]) {
    const children = (tightChildren = false) =>
      'children' in node ? convert(node.children, definitions, tightChildren) : [];
    const link = (url: string, title: string | null | undefined) => {
      const href = safeHref(url);
      if (href === null) for (const child of children()) push(out, child);
      else out.push({ type: 'link', url: href, ...(title ? { title } : {}), children: children() });
    };
    switch (node.type) {
      case 'paragraph':
        // In a tight list an item's text is not a paragraph of its own.
        if (tight) for (const child of children()) push(out, child);
        else out.push({ type: 'paragraph', children: children() });
        break;
      case 'heading':
        out.push({ type: 'heading', depth: node.depth, children: children() });
        break;
      case 'list': {
        const tightItems = !isLoose(node);
        const items = node.children.map((item) => ({
          type: 'listItem' as const,
          children: convert(item.children, definitions, tightItems),
        }));
        const start = node.ordered && typeof node.start === 'number' && node.start !== 1 ? node.start : null;
        out.push({
          type: 'list',
          ordered: Boolean(node.ordered),
          ...(start !== null ? { start } : {}),
          children: items,
        });
        break;
      }
      case 'blockquote':
      case 'emphasis':
      case 'strong':
        out.push({ type: node.type, children: children() });
        break;
      case 'code':
      case 'inlineCode':
        out.push({ type: node.type, value: node.value });
        break;
      case 'thematicBreak':
      case 'break':
        out.push({ type: node.type });
        break;
      case 'text':
        push(out, node.value);
        break;
      case 'link':
        link(node.url, node.title);
        break;
      case 'linkReference': {
        const definition = definitions.get(node.identifier);
        if (definition) link(definition.url, definition.title);
        else for (const child of children()) push(out, child);
        break;
      }
      case 'image':
      case 'imageReference':
        if (node.alt) push(out, node.alt);
        break;
      // Raw HTML is left out; definitions are read by the references.
      default:
        break;
    }
  }
  return out;
}

/** The words of a tree as a reader sees them: its texts and code, each block apart from the next. */
export function plainTextOf(nodes: readonly MarkdownNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return node;
      if ('value' in node) return node.value;
      if (!('children' in node)) return ' ';
      const text = plainTextOf(node.children);
      return INLINE.has(node.type) ? text : ` ${text} `;
    })
    .join('');
}

const INLINE = new Set<MarkdownElement['type']>(['emphasis', 'strong', 'link']);

/** `source` (Markdown) as the tree the reading screens render. */
export function markdownTree(source: string): MarkdownNode[] {
  const root = fromMarkdown(source);
  return convert(root.children, definitionsOf(root));
}
