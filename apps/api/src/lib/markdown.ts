/**
 * The tree of a Markdown text, as the reading screens render it (decision 039): parsed once per
 * distinct text and kept, since lessons and help items are read far more often than they change.
 * Keyed by the text itself, so an edit is a new entry and never a stale one; at most
 * MAX_TEXTS texts or MAX_CHARS characters, the least recently used going first.
 */
import { markdownTree, type MarkdownNode } from '@dealclub/shared/markdown-tree';
import { z } from 'zod';

const MAX_TEXTS = 500;
const MAX_CHARS = 4_000_000;

const kept = new Map<string, MarkdownNode[]>();
let chars = 0;

export function markdownTreeOf(source: string): MarkdownNode[] {
  const hit = kept.get(source);
  if (hit) {
    kept.delete(source);
    kept.set(source, hit);
    return hit;
  }
  const tree = markdownTree(source);
  kept.set(source, tree);
  chars += source.length;
  for (const [text] of kept) {
    if (kept.size <= MAX_TEXTS && chars <= MAX_CHARS) break;
    kept.delete(text);
    chars -= text.length;
  }
  return tree;
}

/** A tree in a response's schema: built by `markdownTreeOf`, not checked node by node again. */
export const MarkdownTreeSchema = z.array(z.unknown()).meta({
  description:
    'The Markdown parsed for display (decision 039): texts and elements (paragraph, heading, list, listItem, blockquote, code, inlineCode, thematicBreak, emphasis, strong, break, link); raw HTML left out, links with safe addresses only',
});
