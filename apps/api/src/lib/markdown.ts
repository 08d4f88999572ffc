/**
 * The tree of a Markdown text, as the reading screens render it (decision 039): parsed once per
 * distinct text and kept, since lessons and help items are read far more often than they change.
 * Keyed by the text itself, so an edit is a new entry and never a stale one; at most
 * MAX_TEXTS texts or MAX_CHARS characters, the least recently used going first.
 */
import { markdownTree, type MarkdownNode } from '@dealclub/shared/markdown-tree';
import { z } from 'zod';
import { SizedLru } from './sized-lru';

const MAX_TEXTS = 500;
const MAX_CHARS = 4_000_000;

const kept = new SizedLru<MarkdownNode[]>({ maxSize: MAX_CHARS, maxEntries: MAX_TEXTS });

export function markdownTreeOf(source: string): MarkdownNode[] {
  const hit = kept.get(source);
  if (hit) return hit;
  const tree = markdownTree(source);
  kept.set(source, tree, source.length);
  return tree;
}

/** A tree in a response's schema: built by `markdownTreeOf`, not checked node by node again. */
export const MarkdownTreeSchema = z.array(z.unknown()).meta({
  description:
    'The Markdown parsed for display (decision 039): texts and elements (paragraph, heading, list, listItem, blockquote, code, inlineCode, thematicBreak, emphasis, strong, break, link); raw HTML left out, links with safe addresses only',
});
