import { fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from './toaster';

describe('the toast region', () => {
  it('answers a press of F8 made before the app had rendered: the region loads and takes the focus', async () => {
    // The page is showing but React has not rendered (or run an effect) yet: the press must not be lost.
    fireEvent.keyDown(window, { key: 'F8', code: 'F8' });
    const { container } = render(<Toaster />);
    await waitFor(() => {
      const region = document.querySelector('[role="region"]');
      expect(region).not.toBeNull();
      expect(region!.contains(document.activeElement)).toBe(true);
    });
    expect(container.ownerDocument.activeElement?.tagName).toBe('OL');
  });
});
