/**
 * Stable error codes of the API (API.md, Conventions). The HTTP status belongs to the code; the
 * English message is the locale entry `errors.<CODE>` (spec copy where the spec has one), so the
 * client can show its own translation of the same code.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  JSON_TOO_DEEP: 400,
  BAD_REQUEST: 400,
  AUTHENTICATION_REQUIRED: 401,
  ACCOUNT_DEACTIVATED: 403,
  FORBIDDEN: 403,
  SELF_ADMIN_REMOVAL: 403,
  SELF_DEACTIVATION: 403,
  NOT_FOUND: 404,
  LISTING_NOT_FOUND: 404,
  STATUS_CHANGE_NOT_ALLOWED: 409,
  DUPLICATE_ADDRESS: 409,
  INVITATION_INVALID: 404,
  INVITATION_USED: 409,
  INVITATION_EXPIRED: 410,
  SIGNUP_FAILED: 400,
  PASSWORD_UPDATE_FAILED: 400,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  LOGO_TOO_LARGE: 413,
  PICTURE_TOO_LARGE: 413,
  IMAGE_TYPE_UNSUPPORTED: 415,
  FILE_REQUIRED: 400,
  PHOTO_TOO_LARGE: 413,
  PHOTO_LIMIT: 409,
  PHOTO_TYPE_UNSUPPORTED: 415,
  PHOTO_UNREADABLE: 415,
  OFFER_NOT_FOUND: 404,
  OWN_DEAL: 403,
  DEAL_PENDING: 409,
  DEAL_UNAVAILABLE: 409,
  OFFER_ALREADY_ACCEPTED: 409,
  THREAD_NOT_FOUND: 404,
  THREAD_BLOCKED: 409,
  OFFER_NOT_OPEN: 409,
  COUNTER_NOT_OPEN: 409,
  COUNTER_EXPIRED: 409,
  COUNTER_SUPERSEDED: 409,
  COUNTER_BUYER_ONLY: 403,
  UNSUBSCRIBE_TOKEN_INVALID: 400,
  WEBHOOK_NOT_CONFIGURED: 409,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TRAINING_FORBIDDEN: 403,
  LESSON_NOT_FOUND: 404,
  LESSON_LOCKED: 409,
  LESSON_LIMIT: 409,
  QUIZ_WRONG: 422,
  UNKNOWN_DISCLOSURE: 400,
  RISKS_NOT_ACKNOWLEDGED: 422,
  STATEMENT_TOO_LARGE: 413,
  STATEMENT_TYPE_UNSUPPORTED: 415,
  VERIFICATION_NOT_AVAILABLE: 409,
  VERIFICATION_NOT_FOUND: 404,
  VERIFICATION_NOT_PENDING: 409,
  CLOSING_NOT_FOUND: 404,
  CLOSING_NOT_OPEN: 409,
  CLOSING_INCOMPLETE: 409,
  MILESTONE_NOT_FOUND: 404,
  MILESTONE_CHANGED: 409,
  MILESTONE_PARTY_ONLY: 403,
  CLOSING_DOCUMENT_TOO_LARGE: 413,
  CLOSING_DOCUMENT_TYPE_UNSUPPORTED: 415,
  CLOSING_DOCUMENT_LIMIT: 409,
  CLOSING_DOCUMENT_NOT_FOUND: 404,
  CLOSE_DATE_NOT_PROPOSED: 409,
  CLOSE_DATE_OWN_PROPOSAL: 403,
  BACKUP_OFFERS_INVALID: 400,
  SAVED_SEARCH_FILTERS_INVALID: 400,
  SAVED_SEARCH_NOT_FOUND: 404,
  SAVED_SEARCH_LIMIT: 409,
  HELP_ARTICLE_NOT_FOUND: 404,
  HELP_QA_NOT_FOUND: 404,
  HELP_SLUG_TAKEN: 409,
  HELP_LIMIT: 409,
  ROADMAP_ITEM_NOT_FOUND: 404,
  ROADMAP_LIMIT: 409,
  FEEDBACK_FIELDS_REQUIRED: 400,
  FEEDBACK_TYPE_INVALID: 400,
  FEEDBACK_COMMENT_TOO_LONG: 400,
  FEEDBACK_SCREENSHOT_BUG_ONLY: 400,
  FEEDBACK_SCREENSHOT_TYPE: 415,
  FEEDBACK_SCREENSHOT_TOO_LARGE: 413,
  FEEDBACK_EMAIL_INVALID: 400,
  FEEDBACK_NOT_FOUND: 404,
  HUMAN_CHECK_FAILED: 400,
  HUMAN_CHECK_EXPIRED: 400,
  HUMAN_CHECK_USED: 409,
  /** The `Idempotency-Key` header is not 1 to 255 visible ASCII characters (decision 028). */
  IDEMPOTENCY_KEY_INVALID: 400,
  /** The key was first sent with another body, or to another call (decision 028). */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The key's first request has not been answered yet (decision 028). */
  IDEMPOTENCY_KEY_IN_FLIGHT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The identity provider's signing key does not open with this instance's secrets keys. */
  IDENTITY_KEYS_UNAVAILABLE: 503,
  SHUTTING_DOWN: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  path: string;
  /** English copy. */
  message: string;
  /** The locale key of the message, so a client can show it in the user's language. */
  key?: string;
  /** The values of the key's `{{placeholders}}`. */
  params?: Record<string, string>;
}

/** The body of every error answer. `errors` is present only for validation failures. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  errors?: FieldError[];
  /** Facts the client needs to act on the error, e.g. the existing deal of a duplicate address. */
  details?: Record<string, string>;
  /** CLOSING_INCOMPLETE: the keys of the milestones still open. */
  open?: string[];
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).code === 'string' &&
    typeof (value as ErrorBody).message === 'string'
  );
}
