/**
 * The authorisation matrix (issue 19): for every route of the API, the status each caller gets when
 * calling it on resources that belong to someone else (API.md, Conventions; DECISIONS.md, People and
 * access). `authorization-matrix.test.ts` builds the app, lists its routes and runs every cell; a
 * route without a row here fails it.
 *
 * The cast, one column each, always in this order:
 * - out: signed out (no token);
 * - buyer: the buyer who owns the offer, the conversation, the notification and the saved search;
 * - seller: the originator of the deal (with its photo, statement and offer);
 * - other: another originator, who owns none of it;
 * - owner: a club owner (buyer side and seller side, "own data only");
 * - admin: an admin (a moderator of every deal, not a reader of others' conversations);
 * - deact: a buyer whose account an admin deactivated.
 *
 * The rules the cells follow: signed out → 401 except on public routes; deactivated → 403; a role
 * the route does not serve → 403; someone else's private resource → 404 (never 403, which would
 * say it exists); allowed → the route's 2xx. Where an allowed call cannot succeed without side
 * effects the cell names the 4xx it gets instead, in the row's `note`.
 * HEAD routes answer as their GET twin and have no rows of their own.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { cognitoHeaders, passwordSignIn, type TestUser } from './test/auth';
import { multipartForm, PNG_1PX } from './test/multipart';

export const CAST = ['out', 'buyer', 'seller', 'other', 'owner', 'admin', 'deact'] as const;
export type Caller = (typeof CAST)[number];
export type SignedInCaller = Exclude<Caller, 'out'>;

/** The expected status of each caller, in the order of {@link CAST}. */
export type Cells = readonly [number, number, number, number, number, number, number];

/** One request: the URL with its path parameters filled in, and a JSON body or a raw payload. */
export interface Call {
  url: string;
  body?: unknown;
  payload?: string | Buffer;
  headers?: Record<string, string>;
}

/** What the cells call on: the resources of the cast, and makers of new ones for calls that use them up. */
export interface Fixtures {
  users: Record<SignedInCaller, TestUser>;
  /** The seller's active subject-to deal: a photo, a statement, the buyer's interest and open offer. */
  deal: { id: string };
  photo: { id: string; file: string };
  offer: { id: string };
  thread: { id: string };
  notification: { id: string };
  verification: { id: string };
  lesson: { id: string };
  /** A published help article and a published question and answer. */
  helpArticle: { id: string };
  helpQa: { id: string };
  /** A roadmap item. */
  roadmapItem: { id: string };
  /** The buyer's bug report from the widget, with a screenshot. */
  feedback: { id: string };
  waitlistEntry: { id: string };
  /** A closing room: the seller accepted the buyer's offer; the buyer added a document. */
  closing: { dealId: string; documentId: string };
  unsubscribeToken: string;
  realtimeAppId: string;
  userPoolId: string;
  dealInput(): Record<string, unknown>;
  /** New resources: one per call, for cells that delete, decide or close what they are given. */
  newDeal(): Promise<{ id: string }>;
  /** A fresh closing room (the deal's id), with the seller's proposed close date if asked. */
  newClosingDeal(proposeCloseDate?: boolean): Promise<{ id: string }>;
  newDealWithPhoto(): Promise<{ id: string; photoId: string }>;
  newOffer(): Promise<{ id: string }>;
  newCounteredOffer(): Promise<{ id: string }>;
  newThread(): Promise<{ id: string }>;
  newSavedSearch(): Promise<{ id: string }>;
  newUser(): Promise<{ id: string }>;
  newLesson(): Promise<{ id: string }>;
  newHelpArticle(): Promise<{ id: string }>;
  newHelpQa(): Promise<{ id: string }>;
  newRoadmapItem(): Promise<{ id: string }>;
  newInvitationToken(): Promise<string>;
  uniqueEmail(): string;
  png(field?: string): { payload: Buffer; headers: Record<string, string> };
  pdf(): { payload: Buffer; headers: Record<string, string> };
}

export interface MatrixRow {
  /** `METHOD /path` exactly as registered. */
  route: string;
  call(fx: Fixtures): Call | Promise<Call>;
  expect: Cells;
  /**
   * What an empty or invalid body gets where that differs from `expect` (the test sends both to every
   * cell that refuses a route taking a body): only where the body itself names what the caller acts
   * on, so that a body naming nothing is the form's 400 to whoever may use the form.
   */
  invalidBody?: Cells;
  note?: string;
}

const inAYear = () => new Date(Date.now() + 200 * 24 * 3600 * 1000).toISOString().slice(0, 10);
const cashOffer = () => ({ type: 'cash', purchasePrice: 300000, estimatedCloseDate: inAYear() });

// Shorthands for the common shapes.
const publicRoute = (status: number): Cells => [status, status, status, status, status, status, status];
const anySignedIn = (status: number): Cells => [401, status, status, status, status, status, 403];

// expect: [out, buyer, seller, other, owner, admin, deact]
export const MATRIX: MatrixRow[] = [
  // Operations, docs and the embedded services (public: their own proof, or none needed).
  { route: 'GET /api/health', call: () => ({ url: '/api/health' }), expect: publicRoute(200) },
  { route: 'GET /metrics', call: () => ({ url: '/metrics' }), expect: publicRoute(200), note: 'loopback' },
  { route: 'GET /api/docs/', call: () => ({ url: '/api/docs/' }), expect: publicRoute(200) },
  { route: 'GET /api/docs/json', call: () => ({ url: '/api/docs/json' }), expect: publicRoute(200) },
  { route: 'GET /api/docs/yaml', call: () => ({ url: '/api/docs/yaml' }), expect: publicRoute(200) },
  {
    route: 'GET /api/docs/static/index.html',
    call: () => ({ url: '/api/docs/static/index.html' }),
    expect: publicRoute(302),
    note: 'redirects to /api/docs/',
  },
  {
    route: 'GET /api/docs/static/swagger-initializer.js',
    call: () => ({ url: '/api/docs/static/swagger-initializer.js' }),
    expect: publicRoute(200),
  },
  {
    route: 'GET /api/docs/static/*',
    call: () => ({ url: '/api/docs/static/swagger-ui.css' }),
    expect: publicRoute(200),
  },
  {
    route: 'GET /files/:folder/:name',
    call: (fx) => ({ url: fx.photo.file }),
    expect: publicRoute(200),
    note: 'deal photos are public by their unguessable names',
  },
  {
    route: 'POST /cognito/',
    call: (fx) => ({
      url: '/cognito/',
      headers: cognitoHeaders('InitiateAuth'),
      payload: JSON.stringify(passwordSignIn('wrong-client', fx.users.buyer.email, 'Not-The-Password-1')),
    }),
    expect: publicRoute(400),
    note: 'the identity protocol: a wrong password is refused whoever asks (a bearer token is no proof)',
  },
  {
    route: 'OPTIONS /cognito/',
    call: () => ({
      url: '/cognito/',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    }),
    expect: publicRoute(204),
  },
  {
    route: 'GET /cognito/us-east-2_DealClubLocal/.well-known/jwks.json',
    call: (fx) => ({ url: `/cognito/${fx.userPoolId}/.well-known/jwks.json` }),
    expect: publicRoute(200),
  },
  {
    route: 'POST /apps/:appId/events',
    call: (fx) => ({
      url: `/apps/${fx.realtimeAppId}/events`,
      body: { name: 'new-message', channel: `private-user-${fx.users.buyer.id}`, data: '{}' },
    }),
    expect: publicRoute(401),
    note: 'server to server: only a request signed with the app secret passes; no bearer token does',
  },
  {
    route: 'POST /apps/:appId/batch_events',
    call: (fx) => ({
      url: `/apps/${fx.realtimeAppId}/batch_events`,
      body: { batch: [{ name: 'new-message', channel: `private-user-${fx.users.buyer.id}`, data: '{}' }] },
    }),
    expect: publicRoute(401),
    note: 'as /events',
  },
  {
    route: 'POST /api/pusher/auth',
    call: (fx) => ({
      url: '/api/pusher/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `socket_id=123.456&channel_name=private-user-${fx.users.buyer.id}`,
    }),
    expect: [401, 200, 403, 403, 403, 403, 403],
    invalidBody: [401, 400, 400, 400, 400, 400, 403],
    note: "the buyer's own channel; anyone else is refused with the Pusher protocol's 403 (a body naming no channel: 400)",
  },

  // Session, configuration and access.
  {
    route: 'GET /api/auth/public-config',
    call: () => ({ url: '/api/auth/public-config' }),
    expect: publicRoute(200),
  },
  {
    route: 'POST /api/auth/public-request-access',
    call: (fx) => ({
      url: '/api/auth/public-request-access',
      body: { firstName: 'Ana', lastName: 'Ruiz', email: fx.uniqueEmail(), phone: '5125550100' },
    }),
    expect: publicRoute(200),
  },
  {
    route: 'GET /api/auth/validate-invitation/:token',
    call: async (fx) => ({ url: `/api/auth/validate-invitation/${await fx.newInvitationToken()}` }),
    expect: publicRoute(200),
  },
  {
    route: 'POST /api/aws-auth/signup-with-invitation',
    call: async (fx) => ({
      url: '/api/aws-auth/signup-with-invitation',
      body: {
        email: fx.uniqueEmail(),
        password: 'Sign-Up-Pass-1',
        firstName: 'New',
        lastName: 'Member',
        invitationToken: await fx.newInvitationToken(),
      },
    }),
    expect: publicRoute(200),
  },
  {
    route: 'GET /api/alerts/unsubscribe',
    call: (fx) => ({ url: `/api/alerts/unsubscribe?token=${encodeURIComponent(fx.unsubscribeToken)}` }),
    expect: publicRoute(200),
    note: "the signed token of the buyer's alert e-mail is the proof",
  },
  {
    route: 'POST /api/alerts/unsubscribe',
    call: (fx) => ({ url: `/api/alerts/unsubscribe?token=${encodeURIComponent(fx.unsubscribeToken)}` }),
    expect: publicRoute(200),
  },
  { route: 'GET /api/auth/me', call: () => ({ url: '/api/auth/me' }), expect: anySignedIn(200) },
  {
    route: 'POST /api/auth/update-language',
    call: () => ({ url: '/api/auth/update-language', body: { languagePreference: 'en' } }),
    expect: anySignedIn(200),
  },
  {
    route: 'GET /api/config/feature-flags',
    call: () => ({ url: '/api/config/feature-flags' }),
    expect: anySignedIn(200),
  },
  {
    route: 'GET /api/geo/zip-codes',
    call: () => ({ url: '/api/geo/zip-codes?codes=78701' }),
    expect: anySignedIn(200),
  },
  {
    route: 'POST /api/invitations',
    call: () => ({ url: '/api/invitations', body: { role: 'buyer', count: 1 } }),
    expect: [401, 403, 201, 201, 201, 201, 403],
  },
  { route: 'GET /api/invitations', call: () => ({ url: '/api/invitations' }), expect: anySignedIn(200) },

  // Admin.
  {
    route: 'GET /api/admin/users',
    call: () => ({ url: '/api/admin/users' }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'PUT /api/admin/users/:id/roles',
    call: async (fx) => ({
      url: `/api/admin/users/${(await fx.newUser()).id}/roles`,
      body: { roles: ['buyer'] },
    }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'PUT /api/admin/users/:id/active',
    call: async (fx) => ({
      url: `/api/admin/users/${(await fx.newUser()).id}/active`,
      body: { active: false },
    }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'DELETE /api/admin/users/:id/mfa',
    call: async (fx) => ({ url: `/api/admin/users/${(await fx.newUser()).id}/mfa` }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/admin/outbox',
    call: () => ({ url: '/api/admin/outbox' }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'POST /api/admin/outbox/test',
    // No SMS provider in the matrix's app: the admin's test message is kept in the mailbox.
    call: () => ({ url: '/api/admin/outbox/test', body: { channel: 'sms', to: '5125550199' } }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/admin/waitlist',
    call: () => ({ url: '/api/admin/waitlist' }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'POST /api/admin/waitlist/:id/invite',
    call: (fx) => ({ url: `/api/admin/waitlist/${fx.waitlistEntry.id}/invite`, body: { role: 'buyer' } }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/admin/verifications',
    call: () => ({ url: '/api/admin/verifications' }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/admin/verifications/:id/file',
    call: (fx) => ({ url: `/api/admin/verifications/${fx.verification.id}/file` }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'PUT /api/admin/verifications/:id',
    call: (fx) => ({
      url: `/api/admin/verifications/${fx.verification.id}`,
      body: { decision: 'approved', note: 'Matches the statement' },
    }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/admin/training/lessons',
    call: () => ({ url: '/api/admin/training/lessons' }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'POST /api/admin/training/lessons',
    call: () => ({ url: '/api/admin/training/lessons', body: lessonDraft() }),
    expect: [401, 403, 403, 403, 403, 201, 403],
  },
  {
    route: 'PUT /api/admin/training/lessons/:id',
    call: (fx) => ({ url: `/api/admin/training/lessons/${fx.lesson.id}`, body: lessonDraft() }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'DELETE /api/admin/training/lessons/:id',
    call: async (fx) => ({ url: `/api/admin/training/lessons/${(await fx.newLesson()).id}` }),
    expect: [401, 403, 403, 403, 403, 204, 403],
  },
  {
    route: 'PUT /api/admin/training/order',
    call: (fx) => ({ url: '/api/admin/training/order', body: { ids: [fx.lesson.id] } }),
    expect: [401, 403, 403, 403, 403, 400, 403],
    note: 'admin: 400, the order must name every lesson (and the cell names one) — the gate is passed',
  },

  // The help centre: public to read and to vote on (shell §6), its admin paths the admins'.
  {
    route: 'GET /api/help/categories',
    call: () => ({ url: '/api/help/categories' }),
    expect: publicRoute(200),
  },
  {
    route: 'GET /api/help/articles',
    call: () => ({ url: '/api/help/articles?q=title' }),
    expect: publicRoute(200),
  },
  {
    route: 'GET /api/help/articles/:id',
    call: (fx) => ({ url: `/api/help/articles/${fx.helpArticle.id}` }),
    expect: publicRoute(200),
  },
  {
    route: 'POST /api/help/articles/:id/helpful',
    call: (fx) => ({ url: `/api/help/articles/${fx.helpArticle.id}/helpful`, body: { helpful: true } }),
    expect: publicRoute(200),
    note: 'a token, when sent, makes the signed-in user the voter; a deactivated one votes signed out',
  },
  { route: 'GET /api/help/qa', call: () => ({ url: '/api/help/qa?q=language' }), expect: publicRoute(200) },
  {
    route: 'GET /api/help/qa/:id',
    call: (fx) => ({ url: `/api/help/qa/${fx.helpQa.id}` }),
    expect: publicRoute(200),
  },
  {
    route: 'POST /api/help/qa/:id/helpful',
    call: (fx) => ({ url: `/api/help/qa/${fx.helpQa.id}/helpful`, body: { helpful: false } }),
    expect: publicRoute(200),
  },
  {
    route: 'GET /api/help/admin/articles',
    call: () => ({ url: '/api/help/admin/articles' }),
    expect: [401, 403, 403, 403, 403, 200, 403],
    note: 'lists drafts and vote counts: private even to read',
  },
  {
    route: 'POST /api/help/admin/articles',
    call: () => ({ url: '/api/help/admin/articles', body: helpArticleDraft() }),
    expect: [401, 403, 403, 403, 403, 201, 403],
  },
  {
    route: 'PUT /api/help/admin/articles/:id',
    call: (fx) => ({ url: `/api/help/admin/articles/${fx.helpArticle.id}`, body: helpArticleDraft() }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'DELETE /api/help/admin/articles/:id',
    call: async (fx) => ({ url: `/api/help/admin/articles/${(await fx.newHelpArticle()).id}` }),
    expect: [401, 403, 403, 403, 403, 204, 403],
  },
  {
    route: 'GET /api/help/admin/qa',
    call: () => ({ url: '/api/help/admin/qa' }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'POST /api/help/admin/qa',
    call: () => ({ url: '/api/help/admin/qa', body: helpQaDraft() }),
    expect: [401, 403, 403, 403, 403, 201, 403],
  },
  {
    route: 'PUT /api/help/admin/qa/:id',
    call: (fx) => ({ url: `/api/help/admin/qa/${fx.helpQa.id}`, body: helpQaDraft() }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'DELETE /api/help/admin/qa/:id',
    call: async (fx) => ({ url: `/api/help/admin/qa/${(await fx.newHelpQa()).id}` }),
    expect: [401, 403, 403, 403, 403, 204, 403],
  },

  // The roadmap: public to read, votes for the signed-in, its admin paths the admins'.
  {
    route: 'GET /api/features',
    call: () => ({ url: '/api/features' }),
    expect: publicRoute(200),
    note: 'a token, when sent, sets votedByMe; a deactivated one reads as signed out',
  },
  {
    route: 'POST /api/features/:id/vote',
    call: (fx) => ({ url: `/api/features/${fx.roadmapItem.id}/vote` }),
    expect: anySignedIn(201),
  },
  {
    route: 'DELETE /api/features/:id/vote',
    call: (fx) => ({ url: `/api/features/${fx.roadmapItem.id}/vote` }),
    expect: anySignedIn(204),
  },
  {
    route: 'GET /api/admin/features',
    call: () => ({ url: '/api/admin/features' }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'POST /api/admin/features',
    call: () => ({ url: '/api/admin/features', body: roadmapItemDraft() }),
    expect: [401, 403, 403, 403, 403, 201, 403],
  },
  {
    route: 'PUT /api/admin/features/:id',
    call: (fx) => ({ url: `/api/admin/features/${fx.roadmapItem.id}`, body: roadmapItemDraft() }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'DELETE /api/admin/features/:id',
    call: async (fx) => ({ url: `/api/admin/features/${(await fx.newRoadmapItem()).id}` }),
    expect: [401, 403, 403, 403, 403, 204, 403],
  },

  // Feedback: the widget for the signed-in, the public form behind its human check, the rest the admins'.
  {
    route: 'POST /api/feedback',
    call: () => ({
      url: '/api/feedback',
      ...multipartForm(
        { type: 'bug', comment: 'The map does not load', page: '/deals' },
        { field: 'screenshot', bytes: PNG_1PX, filename: 'screen.png', contentType: 'image/png' },
      ),
    }),
    expect: anySignedIn(201),
  },
  {
    route: 'GET /api/auth/public-feedback/challenge',
    call: () => ({ url: '/api/auth/public-feedback/challenge' }),
    expect: publicRoute(200),
  },
  {
    route: 'POST /api/auth/public-feedback',
    call: () => ({ url: '/api/auth/public-feedback', body: { type: 'idea', comment: 'Dark mode' } }),
    expect: publicRoute(400),
    note: 'public; without a solved human check: HUMAN_CHECK_FAILED (solved proofs in feedback.test.ts)',
  },
  {
    route: 'GET /api/admin/feedback',
    call: () => ({ url: '/api/admin/feedback?status=open' }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/admin/feedback/:id',
    call: (fx) => ({ url: `/api/admin/feedback/${fx.feedback.id}` }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/admin/feedback/:id/screenshot',
    call: (fx) => ({ url: `/api/admin/feedback/${fx.feedback.id}/screenshot` }),
    expect: [401, 403, 403, 403, 403, 200, 403],
    note: 'the sender too is refused: screenshots are the admins',
  },
  {
    route: 'PUT /api/admin/feedback/:id',
    call: (fx) => ({
      url: `/api/admin/feedback/${fx.feedback.id}`,
      body: { status: 'in_progress', note: 'Looking' },
    }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },
  {
    route: 'GET /api/admin/audit',
    call: () => ({ url: '/api/admin/audit' }),
    expect: [401, 403, 403, 403, 403, 200, 403],
  },

  // Training.
  {
    route: 'GET /api/training/lessons',
    call: () => ({ url: '/api/training/lessons' }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'PUT /api/training/progress/:lessonId',
    call: (fx) => ({ url: `/api/training/progress/${fx.lesson.id}`, body: { completed: true } }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },

  // Profile: each caller's own.
  { route: 'GET /api/profile', call: () => ({ url: '/api/profile' }), expect: anySignedIn(200) },
  {
    route: 'PUT /api/profile',
    call: () => ({
      url: '/api/profile',
      body: { firstName: 'Test', lastName: 'Person', phoneNumber: '5125550199' },
    }),
    expect: anySignedIn(200),
  },
  {
    route: 'PUT /api/profile/password',
    call: () => ({
      url: '/api/profile/password',
      body: { currentPassword: 'Not-It-123!', newPassword: 'Brand!New9pass' },
    }),
    expect: anySignedIn(400),
    note: 'signed in: 400 PASSWORD_UPDATE_FAILED, a wrong current password (a right one would end the sessions)',
  },
  {
    route: 'POST /api/profile/picture',
    call: (fx) => ({ url: '/api/profile/picture', ...fx.png() }),
    expect: anySignedIn(200),
  },
  {
    route: 'DELETE /api/profile/picture',
    call: () => ({ url: '/api/profile/picture' }),
    expect: anySignedIn(200),
  },
  {
    route: 'POST /api/profile/logo',
    call: (fx) => ({ url: '/api/profile/logo', ...fx.png() }),
    expect: anySignedIn(200),
  },
  { route: 'DELETE /api/profile/logo', call: () => ({ url: '/api/profile/logo' }), expect: anySignedIn(200) },
  {
    route: 'GET /api/profile/preferences',
    call: () => ({ url: '/api/profile/preferences' }),
    expect: anySignedIn(200),
  },
  {
    route: 'PUT /api/profile/preferences',
    call: () => ({
      url: '/api/profile/preferences',
      body: { languagePreference: 'en', notificationChannels: ['email'], searchFrequency: 'realtime' },
    }),
    expect: anySignedIn(200),
  },
  {
    route: 'GET /api/profile/buyer-preferences',
    call: () => ({ url: '/api/profile/buyer-preferences' }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'PUT /api/profile/buyer-preferences',
    call: () => ({ url: '/api/profile/buyer-preferences', body: buyerPreferences() }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'GET /api/profile/buy-box',
    call: () => ({ url: '/api/profile/buy-box' }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'PUT /api/profile/buy-box',
    call: () => ({ url: '/api/profile/buy-box', body: { type: 'any', state: 'TX', city: 'Austin' } }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'GET /api/profile/seller-preferences',
    call: () => ({ url: '/api/profile/seller-preferences' }),
    expect: [401, 403, 200, 200, 200, 200, 403],
  },
  {
    route: 'PUT /api/profile/seller-preferences',
    call: () => ({
      url: '/api/profile/seller-preferences',
      body: { markets: [{ state: 'TX' }], dealTypes: ['cash'] },
    }),
    expect: [401, 403, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/profile/company',
    call: () => ({ url: '/api/profile/company' }),
    expect: anySignedIn(200),
  },
  {
    route: 'PUT /api/profile/company',
    call: () => ({
      url: '/api/profile/company',
      body: { companyName: 'Casa Co', companyPhone: '5125550100' },
    }),
    expect: anySignedIn(200),
  },
  {
    route: 'GET /api/profile/integrations',
    call: () => ({ url: '/api/profile/integrations' }),
    expect: [401, 403, 200, 200, 200, 200, 403],
  },
  {
    route: 'PUT /api/profile/integrations',
    call: () => ({
      url: '/api/profile/integrations',
      body: { offerWebhookUrl: null, offerWebhookEnabled: false },
    }),
    expect: [401, 403, 200, 200, 200, 200, 403],
  },
  {
    route: 'POST /api/profile/integrations/test',
    call: () => ({ url: '/api/profile/integrations/test' }),
    expect: [401, 403, 409, 409, 409, 409, 403],
    note: 'seller side: 409 WEBHOOK_NOT_CONFIGURED (no URL is set, so nothing is sent anywhere)',
  },
  { route: 'GET /api/push/key', call: () => ({ url: '/api/push/key' }), expect: anySignedIn(200) },
  {
    route: 'POST /api/push/subscriptions',
    call: () => ({ url: '/api/push/subscriptions', body: pushSubscription() }),
    expect: anySignedIn(204),
  },
  {
    route: 'DELETE /api/push/subscriptions',
    call: () => ({ url: '/api/push/subscriptions', body: { endpoint: pushSubscription().endpoint } }),
    expect: anySignedIn(204),
  },

  // Deals.
  {
    route: 'POST /api/deals',
    call: (fx) => ({ url: '/api/deals', body: fx.dealInput() }),
    expect: [401, 403, 201, 201, 201, 201, 403],
  },
  {
    route: 'GET /api/deals',
    call: () => ({ url: '/api/deals' }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'GET /api/deals/mine',
    call: () => ({ url: '/api/deals/mine' }),
    expect: [401, 403, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/matches',
    call: () => ({ url: '/api/matches' }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'GET /api/deals/:id',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}` }),
    expect: [401, 200, 200, 404, 200, 200, 403],
    note: 'a seller who is not on the buyer side sees only their own deals',
  },
  {
    route: 'GET /api/deals/:id/disclosures',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/disclosures` }),
    expect: [401, 200, 200, 404, 200, 200, 403],
  },
  {
    route: 'GET /api/deals/:id/matches',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/matches` }),
    expect: [401, 404, 200, 404, 404, 200, 403],
    note: "the buyers a deal fits are its originator's (and moderators') to see",
  },
  {
    route: 'GET /api/deals/:id/analytics',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/analytics` }),
    expect: [401, 403, 200, 404, 404, 200, 403],
    note: "the originator's and the moderators'; buyer-only accounts are refused, other sellers find nothing",
  },
  {
    route: 'PUT /api/deals/:id',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}`, body: fx.dealInput() }),
    expect: [401, 403, 200, 404, 403, 200, 403],
    note: 'owner: 403, sees the deal but edits only their own; admin: moderator',
  },
  {
    route: 'PUT /api/deals/:id/status',
    call: async (fx) => ({
      url: `/api/deals/${(await fx.newDeal()).id}/status`,
      body: { status: 'pending' },
    }),
    expect: [401, 403, 200, 404, 403, 200, 403],
  },
  {
    route: 'DELETE /api/deals/:id',
    call: async (fx) => ({ url: `/api/deals/${(await fx.newDeal()).id}` }),
    expect: [401, 403, 204, 404, 403, 204, 403],
  },
  {
    route: 'PUT /api/deals/:id/favorite',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/favorite` }),
    expect: [401, 204, 403, 403, 204, 204, 403],
  },
  {
    route: 'DELETE /api/deals/:id/favorite',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/favorite` }),
    expect: [401, 204, 403, 403, 204, 204, 403],
  },
  {
    route: 'GET /api/favorites',
    call: () => ({ url: '/api/favorites' }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'POST /api/deals/:id/photos',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/photos`, ...fx.png('photo') }),
    expect: [401, 403, 201, 404, 403, 201, 403],
  },
  {
    route: 'DELETE /api/deals/:id/photos/:photoId',
    call: async (fx) => {
      const deal = await fx.newDealWithPhoto();
      return { url: `/api/deals/${deal.id}/photos/${deal.photoId}` };
    },
    expect: [401, 403, 200, 404, 403, 200, 403],
  },
  {
    route: 'PUT /api/deals/:id/photos/order',
    call: async (fx) => {
      const deal = await fx.newDealWithPhoto();
      return { url: `/api/deals/${deal.id}/photos/order`, body: { photoIds: [deal.photoId] } };
    },
    expect: [401, 403, 200, 404, 403, 200, 403],
  },
  {
    route: 'POST /api/deals/:id/verification',
    call: async (fx) => ({ url: `/api/deals/${(await fx.newDeal()).id}/verification`, ...fx.pdf() }),
    expect: [401, 403, 201, 404, 404, 403, 403],
    note: 'only the originator uploads the statement; admin: 403, sees the deal but is not its originator',
  },
  {
    route: 'GET /api/deals/:id/verification',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/verification` }),
    expect: [401, 404, 200, 404, 404, 200, 403],
  },
  {
    route: 'GET /api/deals/:id/verification/file',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/verification/file` }),
    expect: [401, 404, 200, 404, 404, 200, 403],
  },

  // The closing room: its members are the seller, the winning buyer and admins; anyone else: 404.
  {
    route: 'GET /api/deals/:id/closing',
    call: (fx) => ({ url: `/api/deals/${fx.closing.dealId}/closing` }),
    expect: [401, 200, 200, 404, 404, 200, 403],
  },
  {
    route: 'PUT /api/deals/:id/closing/milestones/:key',
    call: (fx) => ({
      url: `/api/deals/${fx.closing.dealId}/closing/milestones/emd-deposited`,
      body: { done: true },
    }),
    expect: [401, 200, 403, 404, 404, 200, 403],
    note: "the buyer's milestone: the seller is a member but not its party (403 MILESTONE_PARTY_ONLY)",
  },
  {
    route: 'POST /api/deals/:id/closing/milestones/:key/documents',
    call: (fx) => ({
      url: `/api/deals/${fx.closing.dealId}/closing/milestones/title-commitment/documents`,
      ...fx.pdf(),
    }),
    expect: [401, 201, 201, 404, 404, 201, 403],
  },
  {
    route: 'GET /api/deals/:id/closing/documents/:documentId',
    call: (fx) => ({ url: `/api/deals/${fx.closing.dealId}/closing/documents/${fx.closing.documentId}` }),
    expect: [401, 200, 200, 404, 404, 200, 403],
  },
  {
    route: 'POST /api/deals/:id/closing/close-date',
    call: (fx) => ({
      url: `/api/deals/${fx.closing.dealId}/closing/close-date`,
      body: { closeDate: inAYear() },
    }),
    expect: [401, 200, 200, 404, 404, 200, 403],
  },
  {
    route: 'POST /api/deals/:id/closing/close-date/accept',
    call: async (fx) => ({
      url: `/api/deals/${(await fx.newClosingDeal(true)).id}/closing/close-date/accept`,
    }),
    expect: [401, 200, 403, 404, 404, 200, 403],
    note: 'the seller proposed it: the seller cannot answer their own proposal (403 CLOSE_DATE_OWN_PROPOSAL)',
  },
  {
    route: 'POST /api/deals/:id/closing/close-date/decline',
    call: async (fx) => ({
      url: `/api/deals/${(await fx.newClosingDeal(true)).id}/closing/close-date/decline`,
    }),
    expect: [401, 200, 403, 404, 404, 200, 403],
    note: 'the seller proposed it: the seller cannot answer their own proposal (403 CLOSE_DATE_OWN_PROPOSAL)',
  },
  {
    route: 'PUT /api/deals/:id/backups',
    call: (fx) => ({ url: `/api/deals/${fx.closing.dealId}/backups`, body: { offerIds: [] } }),
    expect: [401, 403, 200, 404, 404, 200, 403],
  },
  {
    route: 'POST /api/deals/:id/closing/fall-through',
    call: async (fx) => ({
      url: `/api/deals/${(await fx.newClosingDeal()).id}/closing/fall-through`,
      body: { reason: 'Financing denied' },
    }),
    expect: [401, 403, 200, 404, 404, 200, 403],
  },
  {
    route: 'POST /api/deals/:id/closing/withdraw',
    call: async (fx) => ({
      url: `/api/deals/${(await fx.newClosingDeal()).id}/closing/withdraw`,
      body: { reason: 'Inspection issues' },
    }),
    expect: [401, 200, 403, 404, 404, 403, 403],
    note: 'the buyer withdraws; the seller and admins end a contract with fall-through',
  },
  {
    route: 'POST /api/deals/:id/closing/complete',
    call: async (fx) => ({ url: `/api/deals/${(await fx.newClosingDeal()).id}/closing/complete` }),
    expect: [401, 403, 409, 404, 404, 409, 403],
    note: 'a fresh room has every milestone open: 409 CLOSING_INCOMPLETE',
  },

  // Interests and offers.
  {
    route: 'POST /api/deals/:id/interest',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/interest`, body: { message: 'Still available?' } }),
    expect: [401, 201, 403, 403, 201, 201, 403],
  },
  {
    route: 'GET /api/deals/:id/interests',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/interests` }),
    expect: [401, 404, 200, 404, 404, 200, 403],
  },
  {
    route: 'GET /api/deals/:id/interests.csv',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/interests.csv` }),
    expect: [401, 404, 200, 404, 404, 200, 403],
  },
  {
    route: 'GET /api/interests/mine',
    call: () => ({ url: '/api/interests/mine' }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'POST /api/deals/:id/offers',
    call: async (fx) => ({ url: `/api/deals/${(await fx.newDeal()).id}/offers`, body: cashOffer() }),
    expect: [401, 201, 403, 403, 201, 201, 403],
  },
  {
    route: 'GET /api/deals/:id/offers',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/offers` }),
    expect: [401, 404, 200, 404, 404, 200, 403],
  },
  {
    route: 'GET /api/deals/:id/offers.csv',
    call: (fx) => ({ url: `/api/deals/${fx.deal.id}/offers.csv` }),
    expect: [401, 404, 200, 404, 404, 200, 403],
  },
  {
    route: 'GET /api/offers/mine',
    call: () => ({ url: '/api/offers/mine' }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'POST /api/offers/:id/accept',
    call: async (fx) => ({ url: `/api/offers/${(await fx.newOffer()).id}/accept` }),
    expect: [401, 404, 200, 404, 404, 200, 403],
    note: "only the deal's originator (or an admin) accepts; for anyone else the offer is not there",
  },
  {
    route: 'POST /api/offers/:id/counter',
    call: (fx) => ({
      url: `/api/offers/${fx.offer.id}/counter`,
      body: { purchasePrice: 310000, estimatedCloseDate: inAYear(), message: 'Meet me here' },
    }),
    expect: [401, 404, 201, 404, 404, 201, 403],
  },
  {
    route: 'POST /api/offers/:id/accept-counter',
    call: async (fx) => ({
      url: `/api/offers/${(await fx.newCounteredOffer()).id}/accept-counter`,
      body: {},
    }),
    expect: [401, 200, 403, 404, 404, 403, 403],
    note: "the offer's buyer answers; the seller and admins see the offer: 403 COUNTER_BUYER_ONLY",
  },
  {
    route: 'POST /api/offers/:id/decline-counter',
    call: async (fx) => ({
      url: `/api/offers/${(await fx.newCounteredOffer()).id}/decline-counter`,
      body: {},
    }),
    expect: [401, 200, 403, 404, 404, 403, 403],
  },

  // Analytics and the dashboard: the ZIP analytics are public; the buyer map and the club the seller side's.
  {
    route: 'GET /api/analytics/zip-analytics/:zipCode',
    call: () => ({ url: '/api/analytics/zip-analytics/78701' }),
    expect: publicRoute(200),
  },
  {
    route: 'GET /api/analytics/buyers',
    call: () => ({ url: '/api/analytics/buyers?maxPrice=1000000&minBedrooms=2' }),
    expect: [401, 403, 200, 200, 200, 200, 403],
  },
  {
    route: 'GET /api/analytics/owners',
    call: () => ({ url: '/api/analytics/owners' }),
    expect: [401, 403, 200, 200, 200, 200, 403],
  },
  { route: 'GET /api/dashboard', call: () => ({ url: '/api/dashboard' }), expect: anySignedIn(200) },

  // Conversations and notifications: the two participants only, admins included in "anyone else".
  { route: 'GET /api/chat/threads', call: () => ({ url: '/api/chat/threads' }), expect: anySignedIn(200) },
  {
    route: 'POST /api/chat/threads',
    call: (fx) => ({ url: '/api/chat/threads', body: { dealId: fx.deal.id, body: 'Is the roof new?' } }),
    expect: [401, 201, 403, 403, 201, 201, 403],
    invalidBody: [401, 400, 400, 400, 400, 400, 403],
    note: 'a buyer writes to the originator (a seller writes to a matching buyer with `buyerId`: the body says which side, so a body that says nothing is 400 to both)',
  },
  {
    route: 'GET /api/chat/threads/:id/messages',
    call: (fx) => ({ url: `/api/chat/threads/${fx.thread.id}/messages` }),
    expect: [401, 200, 200, 404, 404, 404, 403],
  },
  {
    route: 'POST /api/chat/threads/:id/messages',
    call: (fx) => ({ url: `/api/chat/threads/${fx.thread.id}/messages`, body: { body: 'Hello' } }),
    expect: [401, 201, 201, 404, 404, 404, 403],
  },
  {
    route: 'POST /api/chat/threads/:id/block',
    call: async (fx) => ({ url: `/api/chat/threads/${(await fx.newThread()).id}/block` }),
    expect: [401, 200, 200, 404, 404, 404, 403],
  },
  {
    route: 'GET /api/chat/notifications',
    call: () => ({ url: '/api/chat/notifications' }),
    expect: anySignedIn(200),
  },
  {
    route: 'PUT /api/chat/notifications/:id/read',
    call: (fx) => ({ url: `/api/chat/notifications/${fx.notification.id}/read` }),
    expect: [401, 204, 404, 404, 404, 404, 403],
  },

  // Saved searches: the buyer side's own.
  {
    route: 'GET /api/saved-searches',
    call: () => ({ url: '/api/saved-searches' }),
    expect: [401, 200, 403, 403, 200, 200, 403],
  },
  {
    route: 'POST /api/saved-searches',
    call: () => ({
      url: '/api/saved-searches',
      body: { name: 'Austin', frequency: 'daily', filters: { state: 'TX', city: 'Austin' } },
    }),
    expect: [401, 201, 403, 403, 201, 201, 403],
  },
  {
    route: 'DELETE /api/saved-searches/:id',
    call: async (fx) => ({ url: `/api/saved-searches/${(await fx.newSavedSearch()).id}` }),
    expect: [401, 204, 403, 403, 404, 404, 403],
    note: "the buyer's saved search: another buyer-side user gets 404",
  },
];

/** A published lesson without a quiz (completed with `{ completed: true }`). */
export function lessonDraft() {
  return {
    title: { en: 'Reading a title report', es: 'Cómo leer un informe de título' },
    summary: { en: 'Liens and exceptions.', es: 'Gravámenes y excepciones.' },
    body: { en: 'A **lien** is a claim.', es: 'Un **gravamen** es un reclamo.' },
    quiz: [],
    published: true,
  };
}

export function helpArticleDraft() {
  return {
    category: 'offers',
    title: { en: 'Reading a title report', es: 'Cómo leer un informe de título' },
    body: { en: 'A **lien** is a claim.', es: 'Un **gravamen** es un reclamo.' },
    published: true,
  };
}

export function roadmapItemDraft() {
  return {
    title: { en: 'Deal comparisons', es: 'Comparación de oportunidades' },
    description: { en: 'Four deals side by side.', es: 'Cuatro oportunidades una junto a otra.' },
    status: 'planned',
  };
}

export function helpQaDraft() {
  return {
    category: 'account',
    question: { en: 'How do I change the language?', es: '¿Cómo cambio el idioma?' },
    answer: { en: 'Use the selector in the header.', es: 'Usa el selector del encabezado.' },
    published: true,
  };
}

function pushSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: 'https://fcm.googleapis.com/fcm/send/authorization-matrix',
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

function buyerPreferences() {
  return {
    useCase: 'investment',
    homeType: 'single-story',
    state: 'TX',
    city: 'Austin',
    zipCodes: ['78701'],
    propertyTypes: ['singleFamily'],
    bedrooms: 3,
    bathrooms: 2,
    maxMonthlyPayment: 2500,
    maxDownPayment: 40000,
    excludeHoa: false,
    newConstructionOnly: false,
    condition: 'minor-work',
    schools: 'must-have',
    publicTransport: 'no-preference',
    rentalPotential: 'nice-to-have',
    preApproved: false,
    financingType: 'conventional',
    creditScoreRange: 'good',
  };
}
