import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { numberOrNull } from './form-helpers';
import { useSimpleForm } from './simple-form';

interface Values {
  kind?: 'cash' | 'creative';
  amount: number | null;
  note: string;
}

/** Both fields required, the amount positive: the errors a schema would give. */
const resolver: Resolver<Values> = async (values) => {
  const errors: Record<string, { type: string; message: string }> = {};
  if (!values.kind) errors.kind = { type: 'required', message: 'Choose a kind.' };
  if (values.amount === null) errors.amount = { type: 'required', message: 'Enter an amount.' };
  else if (!(values.amount > 0)) errors.amount = { type: 'min', message: 'Enter a positive amount.' };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

function Form({ onValid }: { onValid: (values: Values) => void }) {
  const form = useSimpleForm<Values>({ resolver, defaultValues: { amount: null, note: 'Hello' } });
  const errors = form.formState.errors;
  const note = form.watch('note') ?? '';
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <fieldset>
        <legend>Kind</legend>
        {(['cash', 'creative'] as const).map((kind) => (
          <label key={kind}>
            <input type="radio" value={kind} {...form.register('kind')} />
            {kind}
          </label>
        ))}
        {errors.kind && <p>{errors.kind.message}</p>}
      </fieldset>
      <label>
        Amount
        <input type="number" {...form.register('amount', { setValueAs: numberOrNull })} />
      </label>
      {errors.amount && <p>{errors.amount.message}</p>}
      <label>
        Note
        <textarea {...form.register('note')} />
      </label>
      <p>{note.length} characters</p>
      <button type="submit">Send</button>
    </form>
  );
}

describe('a simple form', () => {
  it('shows its default values, and what is typed where it is watched', async () => {
    const user = userEvent.setup();
    render(<Form onValid={vi.fn()} />);
    expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Hello');
    expect(screen.getByText('5 characters')).toBeTruthy();
    await user.type(screen.getByLabelText('Note'), ' there');
    expect(screen.getByText('11 characters')).toBeTruthy();
  });

  it('refuses a submit with the errors of each field, focusing the first, and checks again as the fields change', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose a kind.')).toBeTruthy();
    expect(screen.getByText('Enter an amount.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'cash' }));

    await user.click(screen.getByRole('radio', { name: 'creative' }));
    await waitFor(() => expect(screen.queryByText('Choose a kind.')).toBeNull());
    await user.type(screen.getByLabelText('Amount'), '-5');
    expect(await screen.findByText('Enter a positive amount.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '250');
    await waitFor(() => expect(screen.queryByText('Enter a positive amount.')).toBeNull());
    expect(onValid).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith({ kind: 'creative', amount: 250, note: 'Hello' }),
    );
  });

  it('is busy from the press until its handler ends, and takes one submit at a time', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let busy: boolean[] = [];
    function Busy() {
      const form = useSimpleForm<{ note: string }>({
        resolver: async (values) => ({ values, errors: {} }),
        defaultValues: { note: 'Hi' },
      });
      busy.push(form.formState.isSubmitting);
      return (
        <form noValidate onSubmit={form.handleSubmit(onValid)}>
          <button type="submit">{form.formState.isSubmitting ? 'Sending' : 'Send'}</button>
        </form>
      );
    }
    render(<Busy />);
    busy = [];
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByRole('button', { name: 'Sending' });
    // A second press while the first is running starts nothing.
    await user.click(screen.getByRole('button', { name: 'Sending' }));
    expect(onValid).toHaveBeenCalledTimes(1);
    finish();
    await screen.findByRole('button', { name: 'Send' });
    expect(busy).toContain(true);
  });

  it("sets a field's value where it is shown and watched, and checks one field on demand", async () => {
    const user = userEvent.setup();
    function Partial() {
      const form = useSimpleForm<Values>({ resolver, defaultValues: { amount: null, note: '' } });
      const note = form.watch('note') ?? '';
      return (
        <form noValidate>
          <label>
            Amount
            <input type="number" {...form.register('amount', { setValueAs: numberOrNull })} />
          </label>
          {form.formState.errors.amount && <p>{form.formState.errors.amount.message}</p>}
          <label>
            Note
            <textarea {...form.register('note')} />
          </label>
          <p>{note.length} characters</p>
          <button type="button" onClick={() => form.setValue('note', 'From the invitation')}>
            Fill
          </button>
          <button
            type="button"
            onClick={async () => {
              const passed = await form.trigger('amount');
              document.title = passed ? 'passed' : 'refused';
            }}
          >
            Check amount
          </button>
        </form>
      );
    }
    render(<Partial />);
    await user.click(screen.getByRole('button', { name: 'Fill' }));
    expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe('From the invitation');
    expect(screen.getByText('19 characters')).toBeTruthy();

    // Only the amount is checked: the kind, also missing, shows no error.
    await user.click(screen.getByRole('button', { name: 'Check amount' }));
    expect(await screen.findByText('Enter an amount.')).toBeTruthy();
    expect(document.title).toBe('refused');
    expect(screen.queryByText('Choose a kind.')).toBeNull();
    await user.type(screen.getByLabelText('Amount'), '12');
    await user.click(screen.getByRole('button', { name: 'Check amount' }));
    await waitFor(() => expect(screen.queryByText('Enter an amount.')).toBeNull());
    expect(document.title).toBe('passed');
  });

  it('holds a group of checkboxes as the list of the checked ones, an error on an item, and leaves the focus to the invalid handler', async () => {
    const user = userEvent.setup();
    interface Tags {
      tags: string[];
      agreed: boolean;
    }
    // A list's error sits on its item, as zod's resolver reports `tags.1`.
    const tagsResolver: Resolver<Tags> = async (values) => {
      const errors: Record<string, unknown> = {};
      const bad = values.tags.indexOf('pool');
      if (bad >= 0) errors.tags = Object.assign([], { [bad]: { type: 'custom', message: 'No pools.' } });
      if (!values.agreed) errors.agreed = { type: 'required', message: 'Agree first.' };
      return Object.keys(errors).length > 0
        ? { values: {}, errors: errors as never }
        : { values, errors: {} };
    };
    const sent = vi.fn();
    const invalid = vi.fn();
    function TagsForm() {
      const form = useSimpleForm<Tags>({
        resolver: tagsResolver,
        defaultValues: { tags: ['garage'], agreed: false },
        shouldFocusError: false,
      });
      const tagsError = form.formState.errors.tags as unknown as
        ({ message: string } | undefined)[] | undefined;
      return (
        <form noValidate onSubmit={form.handleSubmit(sent, invalid)}>
          {['solar', 'pool', 'garage'].map((tag) => (
            <label key={tag}>
              <input type="checkbox" value={tag} {...form.register('tags')} />
              {tag}
            </label>
          ))}
          {tagsError && <p>{tagsError.find(Boolean)?.message}</p>}
          <label>
            <input type="checkbox" {...form.register('agreed')} />
            Agreed
          </label>
          {form.formState.errors.agreed && <p>{form.formState.errors.agreed.message}</p>}
          <button type="button" onClick={() => form.setFocus('agreed')}>
            To the box
          </button>
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<TagsForm />);
    expect((screen.getByLabelText('garage') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('pool') as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByLabelText('pool'));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('No pools.')).toBeTruthy();
    expect(screen.getByText('Agree first.')).toBeTruthy();
    expect(invalid).toHaveBeenCalledTimes(1);
    expect(sent).not.toHaveBeenCalled();
    // No field took the focus: the invalid handler decides where it goes.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'To the box' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Agreed'));

    await user.click(screen.getByLabelText('pool'));
    await waitFor(() => expect(screen.queryByText('No pools.')).toBeNull());
    // Ticked last, but first on the page.
    await user.click(screen.getByLabelText('solar'));
    await user.click(screen.getByLabelText('Agreed'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
    // The boxes in the form's order, not the order they were ticked.
    expect(sent.mock.calls[0]?.[0]).toEqual({ tags: ['solar', 'garage'], agreed: true });
  });
});
