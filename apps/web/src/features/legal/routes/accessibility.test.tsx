import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import AccessibilityPage from './accessibility';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const PAGES = [
  {
    language: 'en',
    headings: ['Conformance target', 'How we test', 'Known exceptions', 'Report a barrier'],
    target: /WCAG\) 2\.2 at level AA/,
    link: 'Report a barrier through the feedback form',
  },
  {
    language: 'es',
    headings: [
      'Nivel de conformidad',
      'Cómo lo comprobamos',
      'Excepciones conocidas',
      'Informa de una barrera',
    ],
    target: /\(WCAG\) 2\.2 en el nivel AA/,
    link: 'Informar de una barrera en el formulario de comentarios',
  },
] as const;

describe('the accessibility statement (issue 31)', () => {
  for (const page of PAGES) {
    it(`states the target, how it is tested, the known exceptions, and leads to the feedback form (${page.language})`, async () => {
      await i18n.changeLanguage(page.language);
      const router = createMemoryRouter(
        [
          { path: '/accessibility', element: <AccessibilityPage /> },
          { path: '/feedback', element: <h1>feedback form</h1> },
        ],
        { initialEntries: ['/accessibility'] },
      );
      render(<RouterProvider router={router} />);
      for (const heading of page.headings)
        expect(await screen.findByRole('heading', { level: 2, name: heading })).toBeTruthy();
      expect(screen.getByText(page.target)).toBeTruthy();
      await userEvent.setup().click(screen.getByRole('link', { name: page.link }));
      expect(await screen.findByRole('heading', { name: 'feedback form' })).toBeTruthy();
    });
  }
});
