/**
 * Why an action of an admin list was refused (publishing a help article or a lesson, reordering the
 * lessons): a title, the reasons, a link to the editor where it can be put right, and Dismiss.
 */
import { Link } from 'react-router';
import { codedErrorText, serverFieldErrors, type Translate } from '@/lib/server-errors';
import { FormAlert } from './form-field';

export function RefusalNotice({
  title,
  reasons,
  fix,
  dismissLabel,
  onDismiss,
}: {
  title: string;
  reasons: readonly string[];
  /** The editor of the item, and the link's words. */
  fix?: { to: string; label: string };
  dismissLabel: string;
  onDismiss: () => void;
}) {
  return (
    <FormAlert>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="font-semibold">{title}</p>
          {reasons.length > 0 && (
            <ul className="list-disc pl-5">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
          {fix && (
            <Link to={fix.to} state={{ fromList: true }} className="font-medium underline">
              {fix.label}
            </Link>
          )}
        </div>
        <button
          type="button"
          onClick={onDismiss}
          className="h-9 rounded-md border border-red-300 bg-white px-3 font-medium text-red-800 hover:bg-red-50"
        >
          {dismissLabel}
        </button>
      </div>
    </FormAlert>
  );
}

/** The reasons of a refused save: the server's field errors (each once), else the `fallbackKey` text. */
export function refusalReasons(t: Translate, error: unknown, fallbackKey: string): string[] {
  const reasons = [...new Set(serverFieldErrors(error, t).map((e) => e.text))];
  return reasons.length ? reasons : [codedErrorText(t, error, fallbackKey)];
}
