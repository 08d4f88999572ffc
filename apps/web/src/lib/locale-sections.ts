/**
 * The namespaces of the locale files that only some screens use, by section: they are not part of
 * the texts a first visit loads (build/locale-sections.ts); a screen that uses one loads it with
 * `useLocaleSection`. A namespace belongs to one section at most.
 */
export const LOCALE_SECTIONS = {
  training: ['training', 'trainingAdmin'],
  /**
   * A deal's risks, formulas and loan schedules (deal page, offer form), and why it fits the buyer,
   * criterion by criterion (deal page): one section, as the deal page shows both.
   */
  trust: ['dealTrust', 'disclosures', 'matching'],
  /** A deal's matching buyers, shown to its seller (deal page, offers and analytics screens). */
  matchingBuyers: ['matchingBuyers'],
  /** Counter-offers and an offer's history (offers table, deal page). */
  counters: ['counters'],
  /** A buyer's saved searches: the dialog that saves one, the list in Preferences. */
  savedSearches: ['savedSearches'],
  /** The help centre's reading screens; the admin's Help tab loads it too (category names). */
  help: ['help'],
  /** The admin's Help tab: lists and the editor of articles and Q&A. */
  helpAdmin: ['helpAdmin'],
  /** The feature roadmap (`/features`); the admin's Roadmap tab loads it too (status names). */
  roadmap: ['roadmap'],
  /** The admin's Roadmap tab: the list, the order and the editor of items. */
  roadmapAdmin: ['roadmapAdmin'],
  /** `/dashboard`: the buying and selling modes. */
  dashboard: ['dashboard'],
  /** The feedback widget (once opened) and the `/feedback` pages. */
  feedback: ['feedback'],
  /** The admin's Feedback tab. */
  feedbackAdmin: ['feedbackAdmin'],
  /** The admin's Outbox tab: 'Send a test message' and the provider's answer. */
  outboxAdmin: ['outboxAdmin'],
  /** `/buyers`, `/zip/{zip}/analytics` and `/deals/{id}/analytics`. */
  analytics: ['analyticsScreens'],
  /** `/map-optimization-demo`. */
  mapDemo: ['mapDemo'],
  /** The map view of `/deals` (`?view=map`). */
  dealsMap: ['dealsMap'],
  /** `/deals/{id}/closing`: the closing room (its milestones' titles are the shared package's). */
  closing: ['closing'],
  /** Two-step sign-in: the sign-in's code and set-up steps, the profile's Security section. */
  mfa: ['mfa'],
  /** The notice of a form that started from a kept draft (shown only when one came back). */
  drafts: ['drafts'],
  /**
   * `/deals/new` and `/deals/{id}/edit`: the deal form, its photos and its upload, and the
   * verification of a deal's terms (the edit screen's section below the form; the admin's
   * Verifications tab loads it too).
   */
  dealForm: ['dealForm', 'verification'],
  /** The terms, privacy and accessibility pages. */
  legal: ['legal'],
  /** Sign-up, request access and the verification of an account or a new e-mail. */
  access: ['access'],
  /** `/deals/{id}/offers`: the offers and interested buyers of a seller's deal. */
  dealOffers: ['dealOffers'],
  /** The profile's Integrations tab (a seller's offer webhook). */
  integrations: ['integrations'],
  /** 'Browser notifications' on the profile's Preferences tab. */
  push: ['push'],
  /** `/profile` and its tabs: the buyer's and the seller's preferences, the buy box, notifications. */
  profile: ['profile', 'buyerPreferences', 'sellerPreferences', 'preferences', 'buyBox'],
  /** `/admin` and `/owners` (the Owners Club and team invitations). */
  admin: ['admin', 'owners'],
} as const;

export type LocaleSection = keyof typeof LOCALE_SECTIONS;

/**
 * Keys of a namespace a section claims that stay in the texts every page has: the messages of the
 * shared schemas (`access.validation`: a name, a phone, a password's rules; each namespace's
 * `validation`), which other forms and the server's errors show as well, and the labels that
 * screens outside the section show: the verified-terms badge and filter (`/deals`, the deal page),
 * a property type in why a deal fits (the deal page), a saved search's frequency (the dialog
 * that saves one on `/deals`), the prompt to complete a profile (any screen) and the check of a
 * new e-mail (its own screen).
 */
export const KEPT_IN_CORE: Partial<Record<string, readonly string[]>> = {
  access: ['validation'],
  profile: [
    'completeTitle',
    'completeMessage',
    'verifyEmailTitle',
    'verifyEmailLead',
    'verifyEmailDone',
    'backToProfile',
    'validation',
  ],
  verification: ['badge', 'badgeOn', 'badgeHint', 'filter', 'validation'],
  buyerPreferences: ['propertyTypeOption', 'validation'],
  sellerPreferences: ['validation'],
  preferences: ['frequencyOption', 'validation'],
  buyBox: ['validation'],
};

/**
 * The namespaces only the API uses (e-mails; SMS and push alerts): in the locale files, which the
 * API reads whole, but never in the web app's texts (2 KB of every first visit otherwise).
 */
export const SERVER_ONLY_NAMESPACES = ['email', 'alerts'] as const;
