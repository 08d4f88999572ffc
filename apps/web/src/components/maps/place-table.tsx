/**
 * A map's places as a table, the way to the map's figures for keyboard and screen-reader users: a
 * scrollable region named by the caption (focusable, so that a keyboard scrolls it on a narrow
 * screen), a row per place with the place as the row's header, and, with `page`, the rows a page at
 * a time under a "show more" button. The buyer map's ZIP codes, the owners club's markets and the
 * deals map's ZIP codes are such tables.
 */
import { useState, type ReactNode } from 'react';
import { ScrollRegion } from '@/components/ui/scroll-region';

export interface PlaceColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  /** Figures: aligned right. */
  numeric?: boolean;
}

export function PlaceTable<Row>({
  caption,
  testId,
  rows,
  rowKey,
  place,
  columns,
  page,
}: {
  caption: string;
  testId: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The first column, the row's header: a place's name, or a {@link ZipButton}. */
  place: PlaceColumn<Row> & { button?: boolean };
  columns: readonly PlaceColumn<Row>[];
  /** How many rows show at first and come with each press of the button, and the button's label. */
  page?: { size: number; moreLabel: (shown: number, count: number) => string };
}) {
  const [shown, setShown] = useState(page?.size ?? rows.length);
  const table = (
    <ScrollRegion label={caption} className="rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {[place, ...columns].map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'p-3 text-right' : 'p-3'}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(page ? rows.slice(0, shown) : rows).map((row) => (
            <tr key={rowKey(row)} className="border-t border-slate-200">
              <th scope="row" className={place.button ? 'p-2 font-normal' : 'p-3 font-normal'}>
                {place.cell(row)}
              </th>
              {columns.map((column) => (
                <td key={column.label} className={column.numeric ? 'p-3 text-right' : 'p-3'}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
  if (!page) return table;
  return (
    <div className="grid gap-3">
      {table}
      {rows.length > shown && (
        <button
          type="button"
          onClick={() => setShown((n) => n + page.size)}
          className="justify-self-start rounded-md border border-slate-300 px-3 py-2 text-sm hover:bg-slate-100"
        >
          {page.moreLabel(shown, rows.length)}
        </button>
      )}
    </div>
  );
}

/** A ZIP code in a {@link PlaceTable}: pressed, it selects the ZIP as a press on the map would. */
export function ZipButton({
  zipCode,
  pressed,
  onPress,
  label,
}: {
  zipCode: string;
  /** Whether the place is the chosen one; absent for a button that opens rather than chooses. */
  pressed?: boolean;
  onPress: () => void;
  /** An accessible name saying more than the ZIP code. */
  label?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onPress}
      className="rounded-md px-2 py-1 font-mono font-semibold text-brand-800 underline hover:bg-slate-100 aria-pressed:bg-amber-100"
    >
      {zipCode}
    </button>
  );
}
