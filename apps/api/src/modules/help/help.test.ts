import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AdminHelpArticle,
  AdminHelpQa,
  HelpArticle,
  HelpArticleInput,
  HelpArticleSummary,
  HelpCategorySummary,
  HelpList,
  HelpQa,
  HelpQaSummary,
  HelpSnippet,
} from '@dealclub/shared/help';
import { runSeeds } from '../../db/seed';
import { createTestApp, sharedTestApp } from '../../test/app';
import { callAs, createUser, type TestUser } from '../../test/auth';
import { HELP_ARTICLES } from './content/articles';
import { HELP_QUESTIONS } from './content/questions';
import { helpCentreSeed } from './help-seed';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function helpApp() {
  app = await createTestApp();
  const admin = await createUser(app, { roles: ['admin'] });
  return { admin };
}

/** A call as nobody in particular: no token, from the test's address. */
async function get<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await app.inject({ url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const search = (q: string, lang: 'en' | 'es' = 'en') =>
  get<HelpList<HelpArticleSummary>>(`/api/help/articles?q=${encodeURIComponent(q)}&lang=${lang}`);

const article = (overrides: Partial<HelpArticleInput> = {}): HelpArticleInput => ({
  category: 'offers',
  title: { en: 'Reading a title report', es: 'Cómo leer un informe de título' },
  body: {
    en: 'A **lien** is a claim on the property. Ask the title company about every exception.',
    es: 'Un **gravamen** es un reclamo sobre la propiedad. Pregunta a la compañía de títulos por cada excepción.',
  },
  published: true,
  ...overrides,
});

async function createArticle(admin: TestUser, input: HelpArticleInput): Promise<AdminHelpArticle> {
  const res = await callAs(app, admin, 'POST', '/api/help/admin/articles', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The highlighted words of a snippet, lower-case. */
const highlighted = (snippet: HelpSnippet) =>
  snippet.highlights.map(({ start, end }) => snippet.text.slice(start, end).toLowerCase());

/** The highlighted words of a snippet, as written. */
const asWritten = (snippet: HelpSnippet) =>
  snippet.highlights.map(({ start, end }) => snippet.text.slice(start, end));

const vote = (kind: 'articles' | 'qa', id: string, helpful: unknown, options: Partial<InjectOptions> = {}) =>
  app.inject({
    method: 'POST',
    url: `/api/help/${kind}/${id}/helpful`,
    payload: { helpful } as object,
    ...options,
  });

describe('the help centre as shipped', () => {
  // They only read the shipped content: one seeded app serves them.
  const shipped = sharedTestApp({}, async (shared) => {
    await runSeeds(shared.database.db, [helpCentreSeed]);
    return { admin: await createUser(shared, { roles: ['admin'] }) };
  });
  beforeEach(() => {
    app = shipped().app;
  });

  it('has at least 10 published articles and 10 questions, each in English and Spanish', async () => {
    const { admin } = shipped().prepared;
    expect(HELP_ARTICLES.length).toBeGreaterThanOrEqual(10);
    expect(HELP_QUESTIONS.length).toBeGreaterThanOrEqual(10);
    const articles = (await callAs(app, admin, 'GET', '/api/help/admin/articles?limit=100')).json();
    const questions = (await callAs(app, admin, 'GET', '/api/help/admin/qa?limit=100')).json();
    expect(articles.total).toBe(HELP_ARTICLES.length);
    expect(questions.total).toBe(HELP_QUESTIONS.length);
    for (const item of articles.items as AdminHelpArticle[]) {
      expect(item.published, item.slug).toBe(true);
      for (const text of [item.title.es, item.body.es, item.title.en, item.body.en])
        expect(text.length).toBeGreaterThan(10);
    }
    for (const item of questions.items as AdminHelpQa[]) {
      expect(item.published, item.slug).toBe(true);
      for (const text of [item.question.es, item.answer.es]) expect(text.length).toBeGreaterThan(10);
    }
    // Seeding again changes nothing.
    await runSeeds(app.database.db, [helpCentreSeed]);
    expect((await get<HelpList<unknown>>('/api/help/articles')).total).toBe(HELP_ARTICLES.length);
  });

  it('is readable signed out, in English and in Spanish', async () => {
    const english = await app.inject({ url: '/api/help/articles?limit=100' });
    expect(english.statusCode).toBe(200);
    expect(english.headers['content-language']).toBe('en');
    const en: HelpList<HelpArticleSummary> = english.json();
    expect(en.items.map((a) => a.title.text)).toContain('How invitations work');
    // Without a search, each item opens with the first words of its body, nothing highlighted.
    const invitations = en.items.find((a) => a.slug === 'how-invitations-work')!;
    expect(invitations.snippet.text).toMatch(/^DealClub is invitation-only/);
    expect(invitations.snippet.highlights).toEqual([]);

    const spanish = await app.inject({
      url: '/api/help/articles?limit=100',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(spanish.headers['content-language']).toBe('es');
    expect((spanish.json() as HelpList<HelpArticleSummary>).items.map((a) => a.title.text)).toContain(
      'Cómo funcionan las invitaciones',
    );

    const page = await get<HelpArticle>('/api/help/articles/how-invitations-work?lang=es');
    expect(page.title).toBe('Cómo funcionan las invitaciones');
    expect(page.body).toContain('## Cómo usar tu invitación');
    expect(page.myVote).toBeNull();
    const byId = await get<HelpArticle>(`/api/help/articles/${page.id}`);
    expect(byId.slug).toBe('how-invitations-work');
    expect(byId.language).toBe('en');

    const qa = await get<HelpQa>('/api/help/qa/how-long-does-a-counter-offer-last?lang=es');
    expect(qa.question).toBe('¿Cuánto tiempo tengo para responder una contraoferta?');
    expect(qa.answer).toContain('72 horas');

    const categories = await get<{ items: HelpCategorySummary[]; total: number }>(
      '/api/help/categories?lang=es',
    );
    const dealTypes = categories.items.find((c) => c.key === 'dealTypes')!;
    expect(dealTypes.name).toBe('Tipos de operación y sus riesgos');
    expect(dealTypes.articles).toBe(HELP_ARTICLES.filter((a) => a.category === 'dealTypes').length);
    expect(categories.items.reduce((n, c) => n + c.questions, 0)).toBe(HELP_QUESTIONS.length);
  });

  it('finds what a new member asks about, in either language', async () => {
    const webhook = await search('webhook signature');
    expect(webhook.items[0]?.slug).toBe('offer-webhook');
    expect(highlighted(webhook.items[0]!.snippet)).toContain('signature');

    const dueOnSale = await search('cláusula de vencimiento por venta', 'es');
    expect(dueOnSale.items[0]?.slug).toBe('subject-to-and-the-due-on-sale-clause');
    expect(dueOnSale.items[0]?.title.text).toBe(
      'Operaciones subject-to y la cláusula de vencimiento por venta',
    );

    const counters = await get<HelpList<HelpQaSummary>>('/api/help/qa?q=contraoferta&lang=es');
    expect(counters.items.map((q) => q.slug)).toContain('how-long-does-a-counter-offer-last');
    expect(highlighted(counters.items[0]!.question)).toEqual(['contraoferta']);
  });
});

describe('full-text search', { tags: ['server'] }, () => {
  it('ranks a match in the title above one in the body, and highlights the matches as text', async () => {
    const { admin } = await helpApp();
    await createArticle(
      admin,
      article({
        title: { en: 'Closing with escrow', es: 'Cerrar con un depósito en garantía' },
        body: {
          en: 'Escrow holds the money. A balloon payment is due later; plan for it.',
          es: 'El depósito en garantía guarda el dinero. Un pago global vence más tarde.',
        },
      }),
    );
    await createArticle(
      admin,
      article({
        title: { en: 'Balloon payments', es: 'Pagos globales' },
        body: {
          en: 'When a seller loan matures, the rest is due at once.',
          es: 'Cuando vence el préstamo, se debe el resto.',
        },
      }),
    );
    await createArticle(admin, article());

    const found = await search('balloon');
    expect(found.total).toBe(2);
    expect(found.items.map((a) => a.title.text)).toEqual(['Balloon payments', 'Closing with escrow']);
    expect(highlighted(found.items[0]!.title)).toEqual(['balloon']);
    const inBody = found.items[1]!.snippet;
    expect(highlighted(inBody)).toEqual(['balloon']);
    expect(inBody.text).toContain('A balloon payment is due later');
    // Plain text: no markers, no HTML, no Markdown.
    for (const mark of ['<', '>', '*', '\u0002', '\u0003']) expect(inBody.text).not.toContain(mark);
  });

  it('stems Spanish words (ofertas finds oferta) and English words, each in its own language', async () => {
    const { admin } = await helpApp();
    await createArticle(
      admin,
      article({
        title: { en: 'Making a bid', es: 'Cómo hacer una oferta' },
        body: { en: 'Open the deal and bid.', es: 'Abre la oportunidad y envía tu oferta al vendedor.' },
      }),
    );
    // A trailing space: the word is complete, so only stemming can make it match.
    const plural = await search('ofertas ', 'es');
    expect(plural.items.map((a) => a.title.text)).toEqual(['Cómo hacer una oferta']);
    expect(highlighted(plural.items[0]!.title)).toEqual(['oferta']);
    expect(highlighted(plural.items[0]!.snippet)).toEqual(['oferta']);
    // Spanish words are not searched in the English texts.
    expect((await search('ofertas ', 'en')).total).toBe(0);
    expect((await search('bidding ', 'en')).items.map((a) => a.title.text)).toEqual(['Making a bid']);
  });

  it('matches the word being typed as a prefix, and needs every word', async () => {
    const { admin } = await helpApp();
    await createArticle(
      admin,
      article({ title: { en: 'Counter-offers explained', es: 'Las contraofertas' } }),
    );
    expect((await search('contraof', 'es')).total).toBe(1);
    expect((await search('counter-off')).total).toBe(1);
    expect((await search('counter zebra')).total).toBe(0);
    // Punctuation or words that are all stop words find nothing rather than fail.
    expect((await search('the and of ')).total).toBe(0);
    expect((await search('" & | ! :* (')).total).toBe(1);
  });

  it('filters by category and pages through the results', async () => {
    const { admin } = await helpApp();
    for (let i = 1; i <= 5; i += 1) {
      await createArticle(
        admin,
        article({
          title: { en: `Escrow step ${i}`, es: `Paso ${i} del depósito` },
          category: i <= 3 ? 'offers' : 'privacy',
        }),
      );
    }
    const first = await get<HelpList<HelpArticleSummary>>('/api/help/articles?category=offers&limit=2');
    expect(first.total).toBe(3);
    expect(first.items.map((a) => a.title.text)).toEqual(['Escrow step 1', 'Escrow step 2']);
    const second = await get<HelpList<HelpArticleSummary>>(
      `/api/help/articles?category=offers&limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.items.map((a) => a.title.text)).toEqual(['Escrow step 3']);
    expect(second.nextCursor).toBeNull();
    expect((await search('escrow')).total).toBe(5);
  });
});

describe('accent-insensitive search', { tags: ['server'] }, () => {
  describe('in the shipped content', () => {
    const shipped = sharedTestApp({}, async (shared) => {
      await runSeeds(shared.database.db, [helpCentreSeed]);
    });
    beforeEach(() => {
      app = shipped().app;
    });
    const slugs = async (path: 'articles' | 'qa', q: string) =>
      (
        await get<HelpList<HelpArticleSummary>>(
          `/api/help/${path}?q=${encodeURIComponent(q)}&lang=es&limit=100`,
        )
      ).items
        .map((item) => item.slug)
        .sort();

    it('finds without accents, in any case, what the Spanish word finds with them', async () => {
      // A trailing space: whole words, so only the spelling can make them match.
      expect(await slugs('articles', 'financiación ')).toHaveLength(6);
      for (const [accented, typed] of [
        ['financiación', 'financiacion'],
        ['financiación', 'FINANCIACION'],
        ['negociación', 'NEGOCIACION'],
        ['crédito', 'credito'],
        ['opción', 'opcion'],
        ['garantía', 'garantia'],
        ['compañía', 'compania'],
      ] as const) {
        for (const path of ['articles', 'qa'] as const) {
          expect(await slugs(path, `${typed} `), `${path}: ${typed}`).toEqual(
            await slugs(path, `${accented} `),
          );
        }
      }
      expect(await slugs('articles', 'credito ')).toHaveLength(2);
      expect(await slugs('articles', 'opcion ')).toHaveLength(4);
      // While typed, as a prefix, too.
      expect(await slugs('articles', 'financiacion')).toEqual(await slugs('articles', 'financiación '));
    });
  });

  it('highlights the words as written, accents and capitals included', async () => {
    const { admin } = await helpApp();
    await createArticle(
      admin,
      article({
        title: { en: 'Negotiating at the café', es: 'Negociación y financiación del vendedor' },
        body: {
          en: 'Bring your resume to the CAFÉ where the seller waits.',
          es: 'La compañía revisa tu crédito y cada opción de financiación antes de la NEGOCIACIÓN.',
        },
      }),
    );
    await createArticle(admin, article());

    for (const q of ['NEGOCIACION ', 'negociacion ', 'negociación ', 'Negociacion']) {
      const found = await search(q, 'es');
      expect(
        found.items.map((a) => a.title.text),
        q,
      ).toEqual(['Negociación y financiación del vendedor']);
      expect(asWritten(found.items[0]!.title), q).toEqual(['Negociación']);
      expect(asWritten(found.items[0]!.snippet), q).toEqual(['NEGOCIACIÓN']);
    }
    const financing = (await search('financiacion ', 'es')).items[0]!;
    expect(asWritten(financing.title)).toEqual(['financiación']);
    expect(asWritten(financing.snippet)).toEqual(['financiación']);
    for (const [q, word] of [
      ['credito ', 'crédito'],
      ['OPCION ', 'opción'],
    ] as const) {
      const found = await search(q, 'es');
      expect(found.total, q).toBe(1);
      expect(asWritten(found.items[0]!.snippet), q).toEqual([word]);
    }
    // Both articles write 'compañía': an 'ñ' and an accent.
    const companies = await search('compania ', 'es');
    expect(companies.items.map((a) => asWritten(a.snippet))).toEqual([['compañía'], ['compañía']]);

    // English: case aside, and an accent typed or not.
    for (const q of ['cafe ', 'CAFÉ ', 'Café']) {
      const found = await search(q);
      expect(found.total, q).toBe(1);
      expect(asWritten(found.items[0]!.title), q).toEqual(['café']);
      expect(asWritten(found.items[0]!.snippet), q).toEqual(['CAFÉ']);
    }
    const resume = await search('résumé ');
    expect(resume.total).toBe(1);
    expect(asWritten(resume.items[0]!.snippet)).toEqual(['resume']);
    expect(asWritten((await search('NEGOTIATING ')).items[0]!.title)).toEqual(['Negotiating']);
    // Spanish words are still not searched in the English texts.
    expect((await search('negociacion ')).total).toBe(0);
  });
});

describe('reading', () => {
  it('answers 404 for an unknown, malformed or unpublished item', async () => {
    const { admin } = await helpApp();
    const draft = await createArticle(
      admin,
      article({ published: false, title: { en: 'Draft', es: '' }, body: { en: 'Soon.', es: '' } }),
    );
    for (const url of [
      `/api/help/articles/${draft.id}`,
      `/api/help/articles/${draft.slug}`,
      '/api/help/articles/00000000-0000-4000-8000-000000000000',
      '/api/help/articles/no-such-article',
      '/api/help/articles/Not%20a%20slug!',
      `/api/help/articles/${'a'.repeat(100)}`,
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('HELP_ARTICLE_NOT_FOUND');
    }
    expect((await app.inject({ url: '/api/help/qa/no-such-question' })).json().code).toBe(
      'HELP_QA_NOT_FOUND',
    );
    // Drafts are not listed, and do not count.
    expect((await get<HelpList<unknown>>('/api/help/articles')).total).toBe(0);
  });

  it('refuses a bad query with a coded 400', async () => {
    await helpApp();
    for (const url of [
      '/api/help/articles?category=everything',
      '/api/help/articles?lang=fr',
      '/api/help/articles?limit=0',
      '/api/help/articles?limit=101',
      '/api/help/articles?cursor=not-a-cursor',
      `/api/help/articles?q=${'x'.repeat(201)}`,
      '/api/help/qa?category=1',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(['VALIDATION_FAILED', 'BAD_REQUEST'], url).toContain(res.json().code);
    }
  });
});

describe('was this helpful?', () => {
  it('counts one vote per voter, lets them change it, and shows the counts to the admin only', async () => {
    const { admin } = await helpApp();
    const item = await createArticle(admin, article());
    const buyer = await createUser(app, { roles: ['buyer'] });

    // Signed out: the address is the voter.
    expect((await vote('articles', item.slug, true)).json()).toEqual({ myVote: true });
    expect((await vote('articles', item.id, true)).statusCode).toBe(200);
    expect((await get<HelpArticle>(`/api/help/articles/${item.id}`)).myVote).toBe(true);
    // From another address, a second voter.
    expect((await vote('articles', item.id, false, { remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
    // Signed in, the user is the voter, whatever their address; they change their mind.
    expect((await vote('articles', item.id, false, { headers: buyer.headers })).json()).toEqual({
      myVote: false,
    });
    expect((await vote('articles', item.id, true, { headers: buyer.headers })).json()).toEqual({
      myVote: true,
    });
    const asBuyer = await app.inject({ url: `/api/help/articles/${item.id}`, headers: buyer.headers });
    expect(asBuyer.json().myVote).toBe(true);

    const listed = (await callAs(app, admin, 'GET', '/api/help/admin/articles')).json();
    expect(listed.items[0].votes).toEqual({ helpful: 2, notHelpful: 1 });
    // Readers see their own vote, never the counts.
    expect(JSON.stringify(asBuyer.json())).not.toContain('notHelpful');
  });

  it('takes votes on Q&A too, and refuses bad ones', async () => {
    const { admin } = await helpApp();
    const created = await callAs(app, admin, 'POST', '/api/help/admin/qa', {
      category: 'account',
      question: { en: 'How do I switch language?', es: '¿Cómo cambio el idioma?' },
      answer: { en: 'Use the selector in the header.', es: 'Usa el selector del encabezado.' },
      published: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const qa: AdminHelpQa = created.json();
    expect(qa.slug).toBe('how-do-i-switch-language');
    expect((await vote('qa', qa.id, false)).json()).toEqual({ myVote: false });
    expect((await get<HelpQa>(`/api/help/qa/${qa.slug}`)).myVote).toBe(false);

    const bad = await vote('qa', qa.id, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    expect((await vote('qa', '00000000-0000-4000-8000-000000000000', true)).statusCode).toBe(404);
    expect((await vote('articles', qa.id, true)).statusCode).toBe(404);
    const listed = (await callAs(app, admin, 'GET', '/api/help/admin/qa')).json();
    expect(listed.items[0].votes).toEqual({ helpful: 0, notHelpful: 1 });
  });

  it('limits how fast one address votes', async () => {
    const { admin } = await helpApp();
    const item = await createArticle(admin, article());
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await vote('articles', item.id, i % 2 === 0)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    const refused = await vote('articles', item.id, true);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the admin help centre', () => {
  it('is the admins’: signed out 401, other roles 403, whatever the method', async () => {
    const { admin } = await helpApp();
    const item = await createArticle(admin, article());
    const buyer = await createUser(app, { roles: ['buyer'] });
    const owner = await createUser(app, { roles: ['owner'] });
    const calls: [InjectOptions['method'], string, unknown?][] = [
      ['GET', '/api/help/admin/articles'],
      ['POST', '/api/help/admin/articles', article()],
      ['PUT', `/api/help/admin/articles/${item.id}`, article()],
      ['DELETE', `/api/help/admin/articles/${item.id}`],
      ['GET', '/api/help/admin/qa'],
    ];
    for (const [method, url, payload] of calls) {
      const body = payload === undefined ? {} : { payload: payload as object };
      const out = await app.inject({ method, url, ...body });
      expect(out.statusCode, `${method} ${url}`).toBe(401);
      for (const user of [buyer, owner]) {
        const res = await app.inject({ method, url, headers: user.headers, ...body });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect((await get<HelpList<unknown>>('/api/help/articles')).total).toBe(1);
  });

  it('publishes only what is written in both languages', async () => {
    const { admin } = await helpApp();
    const englishOnly = article({
      title: { en: 'Title insurance', es: '' },
      body: { en: 'It protects you.', es: ' ' },
    });
    const refused = await callAs(app, admin, 'POST', '/api/help/admin/articles', englishOnly);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    expect(
      refused
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['body.es', 'title.es']);
    expect(refused.json().errors[0].message).toBe('Translate this into Spanish before publishing.');

    const draft = await createArticle(admin, { ...englishOnly, published: false });
    expect(draft.published).toBe(false);
    expect((await get<HelpList<unknown>>('/api/help/articles')).total).toBe(0);
    const stillDraft = await callAs(app, admin, 'PUT', `/api/help/admin/articles/${draft.id}`, {
      ...englishOnly,
      published: true,
    });
    expect(stillDraft.statusCode).toBe(400);

    const translated = {
      ...englishOnly,
      title: { en: 'Title insurance', es: 'Seguro de título' },
      body: { en: 'It protects you.', es: 'Te protege.' },
      published: true,
    };
    const published = await callAs(app, admin, 'PUT', `/api/help/admin/articles/${draft.id}`, translated);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({
      published: true,
      slug: 'title-insurance',
      updatedBy: expect.any(String),
    });
    expect((await get<HelpArticle>('/api/help/articles/title-insurance?lang=es')).title).toBe(
      'Seguro de título',
    );

    // Unpublishing takes it off the help centre at once.
    await callAs(app, admin, 'PUT', `/api/help/admin/articles/${draft.id}`, {
      ...translated,
      published: false,
    });
    expect((await app.inject({ url: '/api/help/articles/title-insurance' })).statusCode).toBe(404);
    const drafts = (await callAs(app, admin, 'GET', '/api/help/admin/articles?published=false')).json();
    expect(drafts.items.map((a: AdminHelpArticle) => a.id)).toEqual([draft.id]);
  });

  it('sends each text with its tree for display: no raw HTML, safe links only, new after an edit', async () => {
    const { admin } = await helpApp();
    const body = {
      en: '## Liens\n\nA **lien** <b onclick="x()">stays</b>. [Ask](/help/qa) or [not](javascript:alert(1)).\n\n<script>alert(1)</script>',
      es: 'Un **gravamen** [permanece][g].\n\n[g]: https://example.test/g',
    };
    const item = await createArticle(admin, article({ title: { en: 'Liens', es: 'Gravámenes' }, body }));
    const en = await get<HelpArticle>(`/api/help/articles/${item.slug}?lang=en`);
    expect(en.body).toBe(body.en);
    expect(en.bodyTree).toEqual([
      { type: 'heading', depth: 2, children: ['Liens'] },
      {
        type: 'paragraph',
        children: [
          'A ',
          { type: 'strong', children: ['lien'] },
          ' stays. ',
          { type: 'link', url: '/help/qa', children: ['Ask'] },
          ' or not.',
        ],
      },
    ]);
    const es = await get<HelpArticle>(`/api/help/articles/${item.slug}?lang=es`);
    expect(es.bodyTree).toEqual([
      {
        type: 'paragraph',
        children: [
          'Un ',
          { type: 'strong', children: ['gravamen'] },
          ' ',
          { type: 'link', url: 'https://example.test/g', children: ['permanece'] },
          '.',
        ],
      },
    ]);

    const edited = await callAs(app, admin, 'PUT', `/api/help/admin/articles/${item.id}`, {
      ...article({ title: { en: 'Liens', es: 'Gravámenes' }, body: { ...body, en: 'Gone *now*.' } }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await get<HelpArticle>(`/api/help/articles/${item.slug}?lang=en`)).bodyTree).toEqual([
      { type: 'paragraph', children: ['Gone ', { type: 'emphasis', children: ['now'] }, '.'] },
    ]);

    const qa = await callAs(app, admin, 'POST', '/api/help/admin/qa', {
      category: 'offers',
      question: { en: 'Can I withdraw?', es: '¿Puedo retirarla?' },
      answer: { en: '- Yes\n- While open', es: 'Sí.' },
      published: true,
    });
    expect(qa.statusCode, qa.body).toBe(201);
    const page = await get<HelpQa>(`/api/help/qa/${qa.json().slug}?lang=en`);
    expect(page.answerTree).toEqual([
      {
        type: 'list',
        ordered: false,
        children: [
          { type: 'listItem', children: ['Yes'] },
          { type: 'listItem', children: ['While open'] },
        ],
      },
    ]);
  });

  it('keeps slugs unique and refuses bad input with stable codes', async () => {
    const { admin } = await helpApp();
    const first = await createArticle(admin, article());
    const second = await createArticle(admin, article());
    expect([first.slug, second.slug]).toEqual(['reading-a-title-report', 'reading-a-title-report-2']);

    const taken = await callAs(app, admin, 'POST', '/api/help/admin/articles', article({ slug: first.slug }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('HELP_SLUG_TAKEN');
    const renamed = await callAs(
      app,
      admin,
      'PUT',
      `/api/help/admin/articles/${second.id}`,
      article({ slug: first.slug }),
    );
    expect(renamed.json().code).toBe('HELP_SLUG_TAKEN');
    // Keeping its own slug is no conflict.
    expect(
      (await callAs(app, admin, 'PUT', `/api/help/admin/articles/${first.id}`, article({ slug: first.slug })))
        .statusCode,
    ).toBe(200);

    const bad: [string, unknown][] = [
      ['uuid-shaped slug', article({ slug: '00000000-0000-4000-8000-000000000000' })],
      ['upper-case slug', article({ slug: 'Title-Report' })],
      ['unknown category', { ...article(), category: 'gossip' }],
      ['no English title', article({ title: { en: ' ', es: 'Título' } })],
      ['title too long', article({ title: { en: 'x'.repeat(201), es: 'y' } })],
      ['unknown field', { ...article(), html: '<script>' }],
      ['published not a boolean', { ...article(), published: 'yes' }],
      ['negative position', article({ position: -1 })],
    ];
    for (const [what, body] of bad) {
      const res = await callAs(app, admin, 'POST', '/api/help/admin/articles', body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('VALIDATION_FAILED');
    }
    const malformed = await callAs(app, admin, 'PUT', '/api/help/admin/articles/not-an-id', article());
    expect(malformed.statusCode).toBe(400);
    const unknown = await callAs(
      app,
      admin,
      'PUT',
      '/api/help/admin/articles/00000000-0000-4000-8000-000000000000',
      article(),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('HELP_ARTICLE_NOT_FOUND');
  });

  it('deletes an item with its votes', async () => {
    const { admin } = await helpApp();
    const item = await createArticle(admin, article());
    await vote('articles', item.id, true);
    expect((await callAs(app, admin, 'DELETE', `/api/help/admin/articles/${item.id}`)).statusCode).toBe(204);
    expect((await app.inject({ url: `/api/help/articles/${item.id}` })).statusCode).toBe(404);
    const again = await callAs(app, admin, 'DELETE', `/api/help/admin/articles/${item.id}`);
    expect(again.statusCode).toBe(404);
    expect((await callAs(app, admin, 'DELETE', '/api/help/admin/qa/not-an-id')).statusCode).toBe(400);
  });
});
