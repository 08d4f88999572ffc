import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resolver } from 'react-hook-form';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { numberOrNull } from './form-helpers';
import { useSimpleForm } from './simple-form';
import { fieldRows } from './simple-form-rows';

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

  describe('lists of groups of fields, and values no element holds (the profile tabs)', () => {
    interface Market {
      state: string;
      city: string;
    }
    interface Markets {
      markets: Market[];
      zips: string[];
      phone: string;
    }
    // Each market needs its city, reported as zod's resolver does: `markets.2.city` in a list with
    // gaps for the rows without error; no market at all is the list's own error.
    const marketsResolver: Resolver<Markets> = async (values) => {
      const errors: Record<string, unknown> = {};
      const rows: unknown[] = [];
      values.markets.forEach((m, index) => {
        if (!m.city) rows[index] = { city: { type: 'too_small', message: 'Name the city.' } };
      });
      if (values.markets.length === 0) errors.markets = { type: 'too_small', message: 'Add a market.' };
      else if (rows.length > 0) errors.markets = rows;
      if (values.zips.length > 2) errors.zips = { type: 'max', message: 'Two ZIP codes at most.' };
      return Object.keys(errors).length > 0
        ? { values: {}, errors: errors as never }
        : { values, errors: {} };
    };
    const saved: Markets = { markets: [{ state: 'TX', city: 'Austin' }], zips: ['78701'], phone: '' };

    function MarketsForm({
      onValid,
      blurred,
      kept,
    }: {
      onValid: (values: Markets) => void;
      blurred?: () => void;
      kept?: (values: Markets) => void;
    }) {
      const form = useSimpleForm<Markets>({ resolver: marketsResolver, defaultValues: saved });
      useEffect(() => (kept ? form.subscribe(kept) : undefined), [form, kept]);
      const markets = fieldRows<Markets, Markets, Market>(form, 'markets');
      const errors = form.formState.errors;
      const zips = form.watch('zips');
      return (
        <form noValidate onSubmit={form.handleSubmit(onValid)}>
          {markets.fields.map((row, index) => (
            <fieldset key={row.id}>
              <legend>Market {index + 1}</legend>
              <label>
                State {index + 1}
                <input {...form.register(`markets.${index}.state`)} />
              </label>
              <label>
                City {index + 1}
                <input {...form.register(`markets.${index}.city`)} />
              </label>
              {errors.markets?.[index]?.city && (
                <p>{`${index + 1}: ${errors.markets[index].city.message}`}</p>
              )}
              <button type="button" onClick={() => markets.remove(index)}>
                Remove {index + 1}
              </button>
            </fieldset>
          ))}
          <button type="button" onClick={() => markets.append({ state: '', city: '' })}>
            Add a market
          </button>
          <p>ZIP codes: {zips.join(' ')}</p>
          <button type="button" onClick={() => form.change('zips', [...zips, String(78702 + zips.length)])}>
            Add a ZIP code
          </button>
          <button type="button" onClick={() => form.change('zips', zips.slice(0, -1))}>
            Drop a ZIP code
          </button>
          {errors.zips?.message && <p>{errors.zips.message}</p>}
          <label>
            Phone
            <input {...form.register('phone', { onBlur: blurred })} />
          </label>
          <button
            type="button"
            onClick={() => form.setError('markets.0.state', { type: 'server', message: 'Not served.' })}
          >
            Refuse
          </button>
          {errors.markets?.[0]?.state && <p>{errors.markets[0].state.message}</p>}
          {errors.markets?.message && <p>{errors.markets.message}</p>}
          <button type="button" onClick={() => form.reset()}>
            Start again
          </button>
          <button type="submit">Save</button>
        </form>
      );
    }
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

    it('adds a row with the focus on its first field, keeps each row its values as rows are taken out, and leaves the first values alone', async () => {
      const user = userEvent.setup();
      const onValid = vi.fn();
      render(<MarketsForm onValid={onValid} />);
      expect(value('City 1')).toBe('Austin');
      await user.type(screen.getByLabelText('City 1'), ' North');
      await user.click(screen.getByRole('button', { name: 'Add a market' }));
      expect(document.activeElement).toBe(screen.getByLabelText('State 2'));
      await user.type(screen.getByLabelText('State 2'), 'FL');
      await user.type(screen.getByLabelText('City 2'), 'Tampa');
      await user.click(screen.getByRole('button', { name: 'Add a market' }));
      await user.type(screen.getByLabelText('City 3'), 'Miami');

      await user.click(screen.getByRole('button', { name: 'Remove 1' }));
      expect(screen.queryByLabelText('City 3')).toBeNull();
      expect([value('State 1'), value('City 1'), value('City 2')]).toEqual(['FL', 'Tampa', 'Miami']);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
      expect(onValid.mock.calls[0]?.[0]).toEqual({
        markets: [
          { state: 'FL', city: 'Tampa' },
          { state: '', city: 'Miami' },
        ],
        zips: ['78701'],
        phone: '',
      });
      // What the form started from (a query's cached answer) is never changed by what is typed.
      expect(saved.markets).toEqual([{ state: 'TX', city: 'Austin' }]);

      await user.click(screen.getByRole('button', { name: 'Start again' }));
      expect(screen.queryByLabelText('City 2')).toBeNull();
      expect([value('State 1'), value('City 1')]).toEqual(['TX', 'Austin']);
    });

    it("shows an error inside a row on its field, focuses it, follows the row when one above goes, and takes the server's on a row's field", async () => {
      const user = userEvent.setup();
      render(<MarketsForm onValid={vi.fn()} />);
      await user.click(screen.getByRole('button', { name: 'Add a market' }));
      await user.click(screen.getByRole('button', { name: 'Add a market' }));
      await user.type(screen.getByLabelText('City 3'), 'Miami');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('2: Name the city.')).toBeTruthy();
      expect(screen.queryByText('3: Name the city.')).toBeNull();
      expect(document.activeElement).toBe(screen.getByLabelText('City 2'));

      // The first row goes: the error moves up with its row.
      await user.click(screen.getByRole('button', { name: 'Remove 1' }));
      expect(await screen.findByText('1: Name the city.')).toBeTruthy();
      expect(screen.queryByText('2: Name the city.')).toBeNull();
      // After a submit, typing in the field checks it again.
      await user.type(screen.getByLabelText('City 1'), 'Tampa');
      await waitFor(() => expect(screen.queryByText('1: Name the city.')).toBeNull());

      await user.click(screen.getByRole('button', { name: 'Refuse' }));
      expect(await screen.findByText('Not served.')).toBeTruthy();
    });

    it('takes a value no element holds as a typed change: watched, and checked again after a submit', async () => {
      const user = userEvent.setup();
      const blurred = vi.fn();
      render(<MarketsForm onValid={vi.fn()} blurred={blurred} />);
      await user.click(screen.getByRole('button', { name: 'Add a ZIP code' }));
      await user.click(screen.getByRole('button', { name: 'Add a ZIP code' }));
      expect(screen.getByText('ZIP codes: 78701 78703 78704')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Two ZIP codes at most.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Drop a ZIP code' }));
      await waitFor(() => expect(screen.queryByText('Two ZIP codes at most.')).toBeNull());

      await user.click(screen.getByLabelText('Phone'));
      expect(blurred).not.toHaveBeenCalled();
      await user.tab();
      expect(blurred).toHaveBeenCalledTimes(1);
    });

    it("keeps each row's error on its row when a row above goes, and the list's own error follows its rows", async () => {
      const user = userEvent.setup();
      render(<MarketsForm onValid={vi.fn()} />);
      await user.click(screen.getByRole('button', { name: 'Add a market' }));
      await user.type(screen.getByLabelText('City 2'), 'Tampa');
      await user.click(screen.getByRole('button', { name: 'Add a market' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      // Only the third row is in error: the schema's list has gaps for the first two.
      expect(await screen.findByText('3: Name the city.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Remove 1' }));
      expect(await screen.findByText('2: Name the city.')).toBeTruthy();
      expect(screen.queryByText('1: Name the city.')).toBeNull();
      expect(screen.queryByText('3: Name the city.')).toBeNull();

      // No market left: the list's own error shows on the next save, and goes once one is added.
      await user.click(screen.getByRole('button', { name: 'Remove 2' }));
      await user.click(screen.getByRole('button', { name: 'Remove 1' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Add a market.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Add a market' }));
      await waitFor(() => expect(screen.queryByText('Add a market.')).toBeNull());
      expect(await screen.findByText('1: Name the city.')).toBeTruthy();
    });

    it('tells its draft of every row added or taken out, and starts again without errors or checks', async () => {
      const user = userEvent.setup();
      const kept = vi.fn();
      render(<MarketsForm onValid={vi.fn()} kept={kept} />);
      await user.click(screen.getByRole('button', { name: 'Add a market' }));
      expect(kept).toHaveBeenLastCalledWith(
        expect.objectContaining({
          markets: [
            { state: 'TX', city: 'Austin' },
            { state: '', city: '' },
          ],
        }),
      );
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('2: Name the city.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Remove 1' }));
      expect(kept).toHaveBeenLastCalledWith(expect.objectContaining({ markets: [{ state: '', city: '' }] }));

      await user.click(screen.getByRole('button', { name: 'Start again' }));
      expect(screen.queryByText(/Name the city/)).toBeNull();
      // Not submitted since: emptying a city checks nothing until the next save.
      await user.clear(screen.getByLabelText('City 1'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText(/Name the city/)).toBeNull();
    });

    it("leaves a row added after a failed save unmarked until it is typed in, and the server's row errors where they are", async () => {
      const user = userEvent.setup();
      render(<MarketsForm onValid={vi.fn()} />);
      await user.click(screen.getByRole('button', { name: 'Add a market' }));
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('2: Name the city.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Refuse' }));
      expect(await screen.findByText('Not served.')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Add a market' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByText('3: Name the city.')).toBeNull();
      expect(screen.getByText('2: Name the city.')).toBeTruthy();
      expect(screen.getByText('Not served.')).toBeTruthy();
    });
  });
});
