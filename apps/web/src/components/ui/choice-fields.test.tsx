import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SwitchField, TextAreaField } from './choice-fields';

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('TextAreaField', () => {
  it('counts the characters against maxLength, and the counter and the error describe the field', () => {
    render(<TextAreaField label="Message" maxLength={2000} length={1850} error="Too long." />);
    const field = screen.getByLabelText('Message');
    expect(describedBy(field)).toEqual(['1,850 / 2,000 characters', 'Too long.']);
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('has no counter without a length, and is described by its error alone', () => {
    render(<TextAreaField label="Comments" maxLength={500} error="Required." />);
    expect(screen.queryByText(/characters/)).toBeNull();
    expect(describedBy(screen.getByLabelText('Comments'))).toEqual(['Required.']);
  });
});

describe('SwitchField', () => {
  it('is a labelled switch that reports its changes as a checkbox does', async () => {
    const onChange = vi.fn(async () => true);
    render(
      <SwitchField
        label="Send offers"
        name="enabled"
        onChange={onChange}
        onBlur={async () => true}
        ref={() => {}}
      />,
    );
    const toggle = screen.getByRole('switch', { name: 'Send offers' });
    await userEvent.setup().click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
