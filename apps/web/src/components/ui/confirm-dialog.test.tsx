import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

function Delete({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<button type="button">Delete</button>}
      title="Delete this deal?"
      summary="12 Oak Street"
      body="Buyers will no longer see it."
      cancelLabel="Keep it"
      confirmLabel="Delete deal"
      busyLabel="Deleting…"
      busy={false}
      onConfirm={() => {
        onConfirm();
        setOpen(false);
      }}
    />
  );
}

describe('the confirmation dialog', () => {
  it('opens from its trigger, and gives the focus back to it when kept or confirmed', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Delete onConfirm={onConfirm} />);
    const trigger = screen.getByRole('button', { name: 'Delete' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');

    await user.click(trigger);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this deal?' });
    expect(dialog.textContent).toContain('12 Oak Street');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(trigger);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete deal' }),
    );
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});
