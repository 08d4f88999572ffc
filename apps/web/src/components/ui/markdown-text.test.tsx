import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { safeHref } from '@dealclub/shared/safe-href';
import { Markdown } from './markdown-text';

const html = (text: string, headingLevel?: 2 | 3 | 4) =>
  render(<Markdown headingLevel={headingLevel}>{text}</Markdown>)
    .container.firstElementChild!.innerHTML // The classes are the look, not the structure under test.
    .replace(/ class="[^"]*"/g, '');

describe('Markdown', () => {
  it('renders CommonMark blocks and inline marks as elements', () => {
    expect(html('Some *stress*, **weight**, `code`\nand a  \nbreak.\n\n---\n\n> quoted')).toBe(
      '<p>Some <em>stress</em>, <strong>weight</strong>, <code>code</code>\nand a<br>break.</p>' +
        '<hr><blockquote><p>quoted</p></blockquote>',
    );
    expect(html('```\nconst a = 1 < 2;\n```')).toBe('<pre><code>const a = 1 &lt; 2;</code></pre>');
  });

  it('starts headings below the page’s own, down to h6', () => {
    expect(html('# A\n\n## B\n\n### C\n\n#### D\n\n##### E\n\n###### F')).toBe(
      '<h2>A</h2><h2>B</h2><h3>C</h3><h4>D</h4><h5>E</h5><h5>F</h5>',
    );
    expect(html('## B\n\n### C\n\n##### E', 4)).toBe('<h4>B</h4><h5>C</h5><h6>E</h6>');
  });

  it('keeps a tight list’s items as text and a loose list’s as paragraphs, and an ordered start', () => {
    expect(html('- one\n- two')).toBe('<ul><li>one</li><li>two</li></ul>');
    expect(html('- one\n\n- two')).toBe('<ul><li><p>one</p></li><li><p>two</p></li></ul>');
    expect(html('3. three\n4. four')).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
    expect(html('1. one\n   - inner')).toBe('<ol><li>one<ul><li>inner</li></ul></li></ol>');
  });

  it('leaves raw HTML out, as text or as blocks', () => {
    const out = html(
      'Hi <b onclick="x()">there</b>\n\n<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">',
    );
    expect(out).toBe('<p>Hi there</p>');
  });

  it('links safe addresses only, and resolves references', () => {
    expect(html('[a](https://example.test/x "T") [b](/help/qa) [c](#top) [d](mailto:a@b.test)')).toBe(
      '<p><a href="https://example.test/x" title="T" rel="noopener noreferrer">a</a> ' +
        '<a href="/help/qa" rel="noopener noreferrer">b</a> <a href="#top" rel="noopener noreferrer">c</a> ' +
        '<a href="mailto:a@b.test" rel="noopener noreferrer">d</a></p>',
    );
    expect(html('[x](javascript:alert(1)) [y](JAVASCRIPT:alert(1)) [z](data:text/html,hi)')).toBe(
      '<p>x y z</p>',
    );
    expect(html('See [the guide][g] and [G].\n\n[g]: /help/article/guide\n[G]: javascript:alert(1)')).toBe(
      '<p>See <a href="/help/article/guide" rel="noopener noreferrer">the guide</a> and ' +
        '<a href="/help/article/guide" rel="noopener noreferrer">G</a>.</p>',
    );
  });

  it('shows an image’s text, never the image', () => {
    expect(html('![A house](https://example.test/h.jpg) for sale')).toBe('<p>A house for sale</p>');
  });

  it('escapes text, entities decoded once', () => {
    expect(html('&lt;b&gt; &amp; &copy; <not a tag')).toBe('<p>&lt;b&gt; &amp; © &lt;not a tag</p>');
  });
});

describe('safeHref', () => {
  it('keeps relative addresses and safe protocols, and refuses the others', () => {
    for (const url of ['/a', 'a/b:c', '?q=a:b', '#x:y', 'https://x.test', 'HTTP://x.test', 'mailto:a@b.test'])
      expect(safeHref(url)).toBe(url);
    for (const url of ['javascript:alert(1)', 'vbscript:x', 'data:text/html,x', 'file:///etc/passwd'])
      expect(safeHref(url)).toBeNull();
  });
});
