import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedText } from './highlighted-text';

const marks = (container: HTMLElement) => [...container.querySelectorAll('mark')].map((m) => m.textContent);

describe('HighlightedText', () => {
  it('marks the ranges that matched and keeps the rest as text, in order', () => {
    const { container } = render(
      <p>
        <HighlightedText
          snippet={{
            text: 'Cómo hacer una oferta y responder a una contraoferta',
            highlights: [
              { start: 40, end: 52 },
              { start: 15, end: 21 },
            ],
          }}
        />
      </p>,
    );
    expect(container.textContent).toBe('Cómo hacer una oferta y responder a una contraoferta');
    expect(marks(container)).toEqual(['oferta', 'contraoferta']);
  });

  it('never turns the text into markup', () => {
    const text = '<img src=x onerror="alert(1)"> and <b>offer</b>';
    const { container } = render(
      <p>
        <HighlightedText snippet={{ text, highlights: [{ start: 38, end: 43 }] }} />
      </p>,
    );
    expect(container.querySelector('img, b')).toBeNull();
    expect(container.textContent).toBe(text);
    expect(marks(container)).toEqual(['offer']);
  });

  it('ignores ranges outside the text or inside one already marked', () => {
    const { container } = render(
      <p>
        <HighlightedText
          snippet={{
            text: 'Webhooks',
            highlights: [
              { start: 0, end: 3 },
              { start: 1, end: 2 },
              { start: 20, end: 30 },
            ],
          }}
        />
      </p>,
    );
    expect(container.textContent).toBe('Webhooks');
    expect(marks(container)).toEqual(['Web']);
  });
});
