import { snippetRuns, type HelpSnippet } from '@dealclub/shared/help-rules';

/**
 * A search snippet as the API sends it, plain text with the ranges that matched, rendered as text
 * with `<mark>` around those ranges: no markup ever travels, so nothing in an article can become
 * HTML here.
 */
export function HighlightedText({ snippet }: { snippet: HelpSnippet }) {
  return (
    <>
      {snippetRuns(snippet).map((run, index) =>
        run.highlighted ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-inherit">
            {run.text}
          </mark>
        ) : (
          run.text
        ),
      )}
    </>
  );
}
