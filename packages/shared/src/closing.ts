/**
 * The closing room (DECISIONS.md, The closing room; API.md closing room): from an accepted offer to
 * a closed deal. The milestones by purchase type are product content in English and Spanish; the due
 * date rules, the limits and the shapes the API answers are shared by the web app and the API so
 * both work out the same dates.
 */

export const CLOSING_STATUSES = ['open', 'closed', 'fell_through'] as const;
export type ClosingStatus = (typeof CLOSING_STATUSES)[number];

export const CLOSING_PARTIES = ['buyer', 'seller', 'both'] as const;
export type ClosingParty = (typeof CLOSING_PARTIES)[number];

/** The purchase types a room's milestones follow: a cash offer's room is `Cash`. */
export const CLOSING_KINDS = ['Cash', 'SubTo', 'SellerFinance', 'Hybrid', 'LeaseOption'] as const;
export type ClosingKind = (typeof CLOSING_KINDS)[number];

/** Documents: PDF, JPEG or PNG judged by their bytes, at most 20 MB each and 10 per milestone. */
export const CLOSING_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const CLOSING_DOCUMENTS_PER_MILESTONE = 10;
export const CLOSING_DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
/** Backups: up to 3 of the deal's other offers, ranked. */
export const MAX_BACKUP_OFFERS = 3;
export const CLOSING_NOTE_MAX_LENGTH = 1000;
export const CLOSING_REASON_MAX_LENGTH = 1000;
/** Reminders go out at this hour in the member's time zone (DECISIONS.md). */
export const CLOSING_REMINDER_HOUR = 9;

/**
 * When a milestone is due: business days (Monday to Friday, no holiday calendar) or calendar days
 * after the acceptance date, or calendar days before the close date (0: on the close date).
 */
export type DueRule =
  | { from: 'acceptance'; businessDays: number }
  | { from: 'acceptance'; days: number }
  | { from: 'close'; daysBefore: number };

export interface MilestoneDefinition {
  key: string;
  party: ClosingParty;
  due: DueRule;
  title: { en: string; es: string };
}

const EVERY_DEAL_FIRST: MilestoneDefinition[] = [
  {
    key: 'emd-deposited',
    party: 'buyer',
    due: { from: 'acceptance', businessDays: 3 },
    title: { en: 'EMD deposited with escrow', es: 'Depósito de garantía (EMD) entregado a escrow' },
  },
  {
    key: 'escrow-opened',
    party: 'seller',
    due: { from: 'acceptance', businessDays: 3 },
    title: { en: 'Escrow or title opened', es: 'Escrow o título abierto' },
  },
  {
    key: 'title-commitment',
    party: 'seller',
    due: { from: 'acceptance', days: 10 },
    title: { en: 'Title commitment received', es: 'Compromiso de título recibido' },
  },
  {
    key: 'due-diligence',
    party: 'buyer',
    due: { from: 'acceptance', days: 10 },
    title: { en: 'Due diligence complete', es: 'Due diligence completada' },
  },
];

const EVERY_DEAL_LAST: MilestoneDefinition[] = [
  {
    key: 'closing-scheduled',
    party: 'both',
    due: { from: 'close', daysBefore: 5 },
    title: { en: 'Closing scheduled', es: 'Cierre programado' },
  },
  {
    key: 'closed-funded',
    party: 'both',
    due: { from: 'close', daysBefore: 0 },
    title: { en: 'Closed and funded', es: 'Cerrado y financiado' },
  },
];

const CASH: MilestoneDefinition[] = [
  {
    key: 'proof-of-funds',
    party: 'buyer',
    due: { from: 'acceptance', days: 2 },
    title: { en: 'Proof of funds', es: 'Prueba de fondos' },
  },
];

const SUBTO: MilestoneDefinition[] = [
  {
    key: 'mortgage-statement',
    party: 'seller',
    due: { from: 'acceptance', days: 3 },
    title: { en: 'Mortgage statement shared', es: 'Estado de cuenta de la hipoteca compartido' },
  },
  {
    key: 'third-party-authorization',
    party: 'seller',
    due: { from: 'acceptance', days: 5 },
    title: { en: 'Third-party authorisation signed', es: 'Autorización a terceros firmada' },
  },
  {
    key: 'insurance-lender-named',
    party: 'buyer',
    due: { from: 'close', daysBefore: 3 },
    title: {
      en: 'Insurance bound with the lender named',
      es: 'Seguro contratado con el prestamista nombrado',
    },
  },
  {
    key: 'loan-servicing',
    party: 'buyer',
    due: { from: 'close', daysBefore: 0 },
    title: { en: 'Loan servicing set up', es: 'Administración del préstamo establecida' },
  },
];

const SELLER_FINANCE: MilestoneDefinition[] = [
  {
    key: 'note-and-deed-drafted',
    party: 'seller',
    due: { from: 'acceptance', days: 7 },
    title: {
      en: 'Promissory note and deed of trust (or the executory contract) drafted',
      es: 'Pagaré y escritura de fideicomiso (o el contrato de ejecución) redactados',
    },
  },
  {
    key: 'servicing-agreement',
    party: 'both',
    due: { from: 'close', daysBefore: 3 },
    title: { en: 'Servicing agreement', es: 'Acuerdo de administración del préstamo' },
  },
];

const LEASE_OPTION: MilestoneDefinition[] = [
  {
    key: 'lease-option-signed',
    party: 'both',
    due: { from: 'acceptance', days: 7 },
    title: {
      en: 'Lease and option agreements signed',
      es: 'Contratos de arrendamiento y de opción firmados',
    },
  },
  {
    key: 'option-fee-paid',
    party: 'buyer',
    due: { from: 'close', daysBefore: 3 },
    title: { en: 'Option fee paid', es: 'Prima de opción pagada' },
  },
];

const BY_KIND: Record<ClosingKind, MilestoneDefinition[]> = {
  Cash: CASH,
  SubTo: SUBTO,
  SellerFinance: SELLER_FINANCE,
  Hybrid: [...SUBTO, ...SELLER_FINANCE],
  LeaseOption: LEASE_OPTION,
};

/** The room's kind: a cash offer closes as cash; a creative one by the deal's purchase type. */
export function closingKindOf(offerType: string, purchaseType: string | null): ClosingKind | null {
  if (offerType === 'cash') return 'Cash';
  return (CLOSING_KINDS as readonly string[]).includes(purchaseType ?? '')
    ? (purchaseType as ClosingKind)
    : null;
}

/** Every milestone of a room of `kind` (null: the milestones of every deal only). */
export function milestonesFor(kind: ClosingKind | null): MilestoneDefinition[] {
  return [...EVERY_DEAL_FIRST, ...(kind ? BY_KIND[kind] : []), ...EVERY_DEAL_LAST];
}

const ALL = new Map(
  [...EVERY_DEAL_FIRST, ...EVERY_DEAL_LAST, ...CASH, ...SUBTO, ...SELLER_FINANCE, ...LEASE_OPTION].map(
    (m) => [m.key, m],
  ),
);

export function milestoneDefinition(key: string): MilestoneDefinition | undefined {
  return ALL.get(key);
}

export function milestoneTitle(key: string, language: string): string {
  const definition = ALL.get(key);
  if (!definition) return key;
  return language.startsWith('es') ? definition.title.es : definition.title.en;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `YYYY-MM-DD` of a date's UTC calendar day. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** `day` plus `count` business days (Saturdays and Sundays skipped, no holidays). */
export function addBusinessDays(day: string, count: number): string {
  let current = day;
  let left = count;
  while (left > 0) {
    current = addDays(current, 1);
    const weekday = new Date(`${current}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return current;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A milestone's due date from the acceptance day and the close date (both `YYYY-MM-DD`). */
export function dueDateOf(rule: DueRule, acceptedOn: string, closeDate: string): string {
  if (rule.from === 'close') return addDays(closeDate, -rule.daysBefore);
  if ('businessDays' in rule) return addBusinessDays(acceptedOn, rule.businessDays);
  return addDays(acceptedOn, rule.days);
}

/** Whether the due date moves with the close date. */
export const followsCloseDate = (rule: DueRule) => rule.from === 'close';

/** Who may tick a milestone of `party`: that party (both: either) or an admin. */
export function mayTick(party: ClosingParty, role: ClosingRole): boolean {
  return role === 'admin' || party === 'both' || party === role;
}

export const CLOSING_ROLES = ['seller', 'buyer', 'admin'] as const;
export type ClosingRole = (typeof CLOSING_ROLES)[number];

export const CLOSING_EVENTS = [
  'opened',
  'ticked',
  'unticked',
  'document_uploaded',
  'close_date_proposed',
  'close_date_accepted',
  'close_date_declined',
  'backups_set',
  'fell_through',
  'withdrawn',
  'backup_promoted',
  'closed',
  'ended',
] as const;
export type ClosingEvent = (typeof CLOSING_EVENTS)[number];

export interface ClosingDocument {
  id: string;
  name: string;
  size: number;
  contentType: string;
  uploadedAt: string;
}

export interface ClosingMilestone {
  key: string;
  title: string;
  party: ClosingParty;
  dueDate: string;
  done: boolean;
  doneAt: string | null;
  doneBy: string | null;
  /** The name of whoever ticked it. */
  doneByName: string | null;
  note: string;
  overdue: boolean;
  /** Sent back with a tick, so a tick from a stale page never undoes a newer one. */
  version: number;
  documents: ClosingDocument[];
}

export interface ClosingTimelineEntry {
  at: string;
  actor: string | null;
  /** The actor's name, or null for the platform. */
  actorName: string | null;
  event: ClosingEvent;
  detail: Record<string, string | number | boolean | null>;
}

export interface ClosingRoom {
  id: string;
  dealId: string;
  offerId: string;
  status: ClosingStatus;
  kind: ClosingKind | null;
  openedAt: string;
  closeDate: string;
  /** A new close date one party proposed and the other has not yet answered. */
  proposedCloseDate: { closeDate: string; by: 'buyer' | 'seller' | 'admin'; at: string } | null;
  endedAt: string | null;
  endReason: string | null;
  daysToClose: number | null;
  /** What the reader is in this room. */
  role: ClosingRole;
  deal: {
    id: string;
    status: string;
    purchaseType: string | null;
    /** The full address: every member of the room may see it. */
    address: string;
  };
  seller: { id: string; name: string };
  buyer: { id: string; name: string };
  offer: {
    id: string;
    type: string;
    purchasePrice: number | null;
    entryFee: number | null;
    estimatedCloseDate: string;
  };
  milestones: ClosingMilestone[];
  backups: { offerId: string; rank: number; buyerName?: string }[];
  /** The newest events, oldest first (at most 200; `timelineTotal` counts every one). */
  timeline: ClosingTimelineEntry[];
  timelineTotal: number;
}

/** A room on the dashboard: 'In closing' for its seller, 'Under contract' for its buyer. */
export interface ClosingSummary {
  dealId: string;
  address: string;
  closeDate: string;
  /** Milestones done and in all. */
  done: number;
  total: number;
  /** Undone milestones past their due date: shown in red. */
  overdue: number;
  /** The next undone milestone by due date. */
  next: { key: string; title: string; dueDate: string; party: ClosingParty } | null;
}

/** The seller's deals closed through DealClub, and the median days from acceptance to close. */
export interface ClosedThroughDealClub {
  count: number;
  medianDaysToClose: number | null;
}
