/**
 * The parts of the admin editors of texts kept in English and Spanish (a help article or Q&A, a
 * lesson, a roadmap item): the two languages side by side, a live preview of a Markdown body, the
 * summary of a refused save with links to its fields, the "published" switch, and Save / Cancel /
 * Delete. Each editor words them with its own texts and ids.
 */
import { useCallback, useDeferredValue, useId, useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LANGUAGES, type Language } from '@dealclub/shared/constants';
import { ConfirmAction } from './confirm-dialog';
import { FormAlert } from './form-field';
import { Markdown } from './markdown-text';

const primary =
  'h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70';
const secondary =
  'h-11 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-100';

/**
 * English and Spanish side by side (one above the other on a narrow screen), each in a column named
 * by its language: a section with a heading of `heading`'s level, or a fieldset with a legend.
 */
export function BilingualColumns({
  idPrefix,
  heading,
  languageName,
  spanishLead,
  children,
}: {
  /** The columns' headings are `<idPrefix>-<language>`. */
  idPrefix: string;
  heading: 2 | 3 | 'legend';
  /** A language's name, in that language ("English", "Español"). */
  languageName: (language: Language) => string;
  /** What the Spanish column says first (what the Spanish texts are for). */
  spanishLead?: string;
  children: (language: Language) => ReactNode;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {LANGUAGES.map((language) => {
        const lead = language === 'es' && spanishLead && (
          <p className="text-sm text-slate-700">{spanishLead}</p>
        );
        if (heading === 'legend') {
          return (
            <fieldset key={language} className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4">
              <legend lang={language} className="px-1 text-lg font-semibold">
                {languageName(language)}
              </legend>
              {lead}
              {children(language)}
            </fieldset>
          );
        }
        const Heading = heading === 2 ? 'h2' : 'h3';
        const headingId = `${idPrefix}-${language}`;
        return (
          <section
            key={language}
            aria-labelledby={headingId}
            className="grid content-start gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
          >
            <Heading
              id={headingId}
              lang={language}
              className={heading === 2 ? 'text-2xl font-semibold' : 'text-xl font-semibold'}
            >
              {languageName(language)}
            </Heading>
            {lead}
            {children(language)}
          </section>
        );
      })}
    </div>
  );
}

/** The preview of a Markdown body as readers will see it; it follows the typing without holding it up. */
export function MarkdownPreview({
  label,
  empty,
  body,
  language,
  headingLevel,
}: {
  /** "Preview (Español)". */
  label: string;
  /** What it says while the body is empty. */
  empty: string;
  body: string;
  language: Language;
  /** The level of the body's top headings, below the editor's own. */
  headingLevel?: 2 | 3 | 4;
}) {
  const previewId = useId();
  const deferred = useDeferredValue(body);
  return (
    <section aria-labelledby={previewId} className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p id={previewId} className="text-sm font-semibold text-slate-700">
        {label}
      </p>
      {deferred.trim() ? (
        <div lang={language} className="text-ink">
          <Markdown headingLevel={headingLevel}>{deferred}</Markdown>
        </div>
      ) : (
        <p className="mt-2 text-slate-600">{empty}</p>
      )}
    </section>
  );
}

/** Moves the focus to the field a summary entry names (the first control of a group of fields). */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  event.preventDefault();
  const element = document.getElementById(id);
  const target = element?.matches('input, textarea, select')
    ? element
    : element?.querySelector<HTMLElement>('input, textarea, button');
  target?.focus();
}

/** Why the last save was refused: the field errors, or the server's refusal. */
export interface Refusal {
  /** The field errors by path (`title.es`), already in the reader's language, in page order. */
  errors: Record<string, string>;
  failure: string | null;
  /** How many saves were refused: each one shows its refusal anew. */
  attempt: number;
}

/**
 * The state of an editor's refusals. `refuse` shows the field errors (put in page order by
 * `inPageOrder`, the first one of each path) or the server's refusal; `clear` drops a field's error
 * once it is edited, `clearAll` every one.
 */
export function useRefusal(
  inPageOrder: (found: [path: string, message: string][]) => Record<string, string>,
) {
  const [refusal, setRefusal] = useState<Refusal>({ errors: {}, failure: null, attempt: 0 });
  return {
    ...refusal,
    refuse(found: [path: string, message: string][], failure: string | null) {
      const errors = inPageOrder(found);
      setRefusal((last) => ({ errors, failure, attempt: last.attempt + 1 }));
    },
    clear(path: string) {
      setRefusal((last) => {
        if (!(path in last.errors)) return last;
        const { [path]: _, ...errors } = last.errors;
        return { ...last, errors };
      });
    },
    clearAll() {
      setRefusal((last) => ({ ...last, errors: {} }));
    },
  };
}

/**
 * Why a save was refused: the field errors as a list of links to their fields, or the refusal of
 * the server. Each refused save shows them anew, and they take the focus.
 */
export function SaveRefusal({
  refusal: { errors, failure, attempt },
  title,
  fieldName,
  fieldId,
}: {
  refusal: Refusal;
  /** "Fix 2 problems" for the number of errors. */
  title: (count: number) => string;
  /** The name of a path's field, null for a path without a field of its own. */
  fieldName: (path: string) => string | null;
  fieldId: (path: string) => string;
}) {
  const focusOnMount = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  const entries = Object.entries(errors);
  return (
    <>
      {entries.length > 0 && (
        <div
          key={`summary-${attempt}`}
          ref={focusOnMount}
          tabIndex={-1}
          role="alert"
          className="grid gap-2 rounded-md border border-red-200 bg-red-50 p-4 text-red-900 outline-none focus:ring-2 focus:ring-red-300"
        >
          <p className="font-semibold">{title(entries.length)}</p>
          <ul className="list-disc space-y-1 pl-5">
            {entries.map(([path, message]) => {
              const name = fieldName(path);
              return (
                <li key={path}>
                  {name ? (
                    <a
                      href={`#${fieldId(path)}`}
                      onClick={(e) => focusField(e, fieldId(path))}
                      className="underline"
                    >
                      {name}: {message}
                    </a>
                  ) : (
                    message
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {failure && (
        <div key={`failure-${attempt}`} ref={focusOnMount} tabIndex={-1} className="outline-none">
          <FormAlert>{failure}</FormAlert>
        </div>
      )}
    </>
  );
}

/** Whether the item is published, with what that means. */
export function PublishedField({
  id,
  checked,
  onChange,
  legend,
  label,
  hint,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  legend: string;
  label: string;
  hint: string;
}) {
  const hintId = `${id}-hint`;
  return (
    <fieldset className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      <label className="flex min-h-11 items-center gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={hintId}
          className="size-4 accent-brand-700"
        />
        <span>{label}</span>
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        {hint}
      </p>
    </fieldset>
  );
}

/**
 * The Delete of an editor: the confirmation's words and what it applies to, the deletion itself,
 * and the toast that says it is done (then the editor closes) or why not.
 */
export interface EditorDeletion {
  label: string;
  title: string;
  summary: ReactNode;
  body: string;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  run: () => Promise<unknown>;
  deleted: string;
  failed: (error: unknown) => string;
  onDeleted: () => void;
}

/**
 * Save (busy while it saves), Cancel (a button, or a link back to the list) and, for an item that
 * exists, Delete after a confirmation, at the far end.
 */
export function EditorActions({
  busy,
  saveLabel,
  savingLabel,
  cancel,
  deletion,
}: {
  busy: boolean;
  saveLabel: string;
  savingLabel: string;
  cancel: { label: string } & ({ onClick: () => void } | { to: string });
  deletion?: EditorDeletion;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="submit" disabled={busy} className={primary}>
        {busy ? savingLabel : saveLabel}
      </button>
      {'to' in cancel ? (
        <Link to={cancel.to} className={`${secondary} inline-flex items-center`}>
          {cancel.label}
        </Link>
      ) : (
        <button type="button" onClick={cancel.onClick} className={secondary}>
          {cancel.label}
        </button>
      )}
      {deletion && <DeleteButton deletion={deletion} />}
    </div>
  );
}

function DeleteButton({ deletion }: { deletion: EditorDeletion }) {
  return (
    <div className="ml-auto">
      <ConfirmAction
        action={deletion.run}
        done={deletion.deleted}
        failed={deletion.failed}
        onDone={deletion.onDeleted}
        closeOnFailure
        trigger={
          <button
            type="button"
            className="h-11 rounded-md border border-red-300 bg-white px-4 font-medium text-red-800 hover:bg-red-50"
          >
            {deletion.label}
          </button>
        }
        title={deletion.title}
        summary={deletion.summary}
        body={deletion.body}
        cancelLabel={deletion.cancelLabel}
        confirmLabel={deletion.confirmLabel}
        busyLabel={deletion.busyLabel}
        tone="danger"
        busy={deletion.busy}
      />
    </div>
  );
}
