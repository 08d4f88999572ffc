import { useMemo } from 'react';
import { markdownTree } from '@dealclub/shared/markdown-tree';
import { MarkdownView } from './markdown';

/**
 * A Markdown text parsed here, as the editors' previews show it while it is typed: the same tree
 * the API sends the reading screens (decision 039), so a preview is what readers will see. The
 * parser comes with it; the reading screens use `MarkdownView` and carry none.
 */
export function Markdown({
  children,
  className,
  headingLevel,
}: {
  children: string;
  className?: string;
  headingLevel?: 2 | 3 | 4;
}) {
  const tree = useMemo(() => markdownTree(children), [children]);
  return <MarkdownView tree={tree} className={className} headingLevel={headingLevel} />;
}
