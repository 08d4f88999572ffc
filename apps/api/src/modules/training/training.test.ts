import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { markdownTree } from '@dealclub/shared/markdown-tree';
import type { AdminLesson, AdminLessonList, LessonInput, LessonList } from '@dealclub/shared/training';
import { runSeeds } from '../../db/seed';
import { createTestApp } from '../../test/app';
import { callAs, createUser, signIn, type TestUser } from '../../test/auth';
import { trainingCourseSeed } from './course-seed';
import { DEMO_LESSONS } from './lesson-content';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function courseApp() {
  app = await createTestApp();
  await runSeeds(app.database.db, [trainingCourseSeed]);
  const admin = await createUser(app, { roles: ['admin'] });
  return { admin };
}

async function adminCourse(admin: TestUser): Promise<AdminLessonList> {
  const res = await callAs(app, admin, 'GET', '/api/admin/training/lessons');
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function course(user: TestUser, language?: string): Promise<LessonList> {
  const res = await app.inject({
    url: '/api/training/lessons',
    headers: { ...user.headers, ...(language ? { 'accept-language': language } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The answers to a lesson's quiz, as the admin's view knows them: all right, or the first wrong. */
function answers(lesson: AdminLesson, wrongAt: number[] = []): Record<string, string> {
  return Object.fromEntries(
    lesson.quiz.map((q, i) => [q.id, q.options.find((o) => o.correct === !wrongAt.includes(i))!.id]),
  );
}

const submit = (user: TestUser, lessonId: string, body: unknown, language = 'en') =>
  app.inject({
    method: 'PUT',
    url: `/api/training/progress/${lessonId}`,
    headers: { ...user.headers, 'accept-language': language },
    payload: body as object,
  });

const draft = (overrides: Partial<LessonInput> = {}): LessonInput => ({
  title: { en: 'Reading a title report', es: 'Cómo leer un informe de título' },
  summary: { en: 'Liens, exceptions and what to ask.', es: 'Gravámenes, excepciones y qué preguntar.' },
  body: { en: '## Liens\n\nA **lien** is a claim.', es: '## Gravámenes\n\nUn **gravamen** es un reclamo.' },
  quiz: [
    {
      question: { en: 'What is a lien?', es: '¿Qué es un gravamen?' },
      options: [
        { text: { en: 'A claim on the property', es: 'Un reclamo sobre la propiedad' }, correct: true },
        { text: { en: 'A kind of roof', es: 'Un tipo de techo' }, correct: false },
      ],
      hint: { en: 'Re-read "Liens".', es: 'Vuelva a leer "Gravámenes".' },
      explanation: { en: 'A lien is a claim on the property.', es: 'Un gravamen es un reclamo.' },
    },
  ],
  published: true,
  ...overrides,
});

describe('who may take the training', () => {
  it('answers 403 with the spec copy to users who are not buyers, owners or admins', async () => {
    const { admin } = await courseApp();
    const seller = await createUser(app, { roles: ['originator'] });
    const lessonId = (await adminCourse(admin)).items[0]!.id;
    for (const res of [
      await callAs(app, seller, 'GET', '/api/training/lessons'),
      await callAs(app, seller, 'PUT', `/api/training/progress/${lessonId}`, { completed: true }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'TRAINING_FORBIDDEN',
        message: 'Access Denied: This training is only available to buyers',
      });
    }
    expect((await app.inject({ url: '/api/training/lessons' })).statusCode).toBe(401);
    for (const roles of [['buyer'], ['owner'], ['admin'], ['buyer', 'originator']] as const) {
      const user = await createUser(app, { roles: [...roles] });
      expect((await callAs(app, user, 'GET', '/api/training/lessons')).statusCode).toBe(200);
    }
  });

  it('keeps the admin calls for admins', async () => {
    const { admin } = await courseApp();
    const owner = await createUser(app, { roles: ['owner'] });
    const lessonId = (await adminCourse(admin)).items[0]!.id;
    expect((await callAs(app, owner, 'GET', '/api/admin/training/lessons')).statusCode).toBe(403);
    expect((await callAs(app, owner, 'POST', '/api/admin/training/lessons', draft())).statusCode).toBe(403);
    expect(
      (await callAs(app, owner, 'PUT', `/api/admin/training/lessons/${lessonId}`, draft())).statusCode,
    ).toBe(403);
    expect((await callAs(app, owner, 'DELETE', `/api/admin/training/lessons/${lessonId}`)).statusCode).toBe(
      403,
    );
    expect(
      (await callAs(app, owner, 'PUT', '/api/admin/training/order', { ids: [lessonId] })).statusCode,
    ).toBe(403);
  });
});

describe('the learner’s course', () => {
  it('lists the seeded course in order, in the asked language, without the right answers', async () => {
    const { admin } = await courseApp();
    const buyer = await createUser(app);
    const list = await course(buyer);
    expect(list.items.map((l) => l.title)).toEqual(DEMO_LESSONS.map((l) => l.title.en));
    expect(list.items.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(list.items.map((l) => l.unlocked)).toEqual([true, false, false, false, false, false]);
    expect(list.certified).toBe(false);
    for (const lesson of list.items) {
      // Each body comes with its tree for display (decision 039): the same text, parsed.
      expect(lesson.bodyTree).toEqual(markdownTree(lesson.body));
      expect(lesson.bodyTree.length).toBeGreaterThan(1);
      expect(lesson.quiz.length).toBeGreaterThanOrEqual(3);
      for (const q of lesson.quiz)
        for (const o of q.options) expect(Object.keys(o).sort()).toEqual(['id', 'text']);
    }
    const raw = (await callAs(app, buyer, 'GET', '/api/training/lessons')).body;
    expect(raw).not.toMatch(/correct|explanation|hint/i);

    const spanish = await course(buyer, 'es-MX,es;q=0.9,en;q=0.5');
    expect(spanish.items[0]!.title).toBe(DEMO_LESSONS[0]!.title.es);
    expect(spanish.items[0]!.bodyTree).toEqual(markdownTree(DEMO_LESSONS[0]!.body.es));
    expect(spanish.items[0]!.quiz[0]!.question).toBe(DEMO_LESSONS[0]!.quiz[0]!.question.es);
    // No en or es in the header: the saved preference decides.
    await callAs(app, buyer, 'POST', '/api/auth/update-language', { languagePreference: 'es' });
    expect((await course(buyer, 'fr-FR')).items[0]!.title).toBe(DEMO_LESSONS[0]!.title.es);
    expect((await course(buyer, 'fr-FR, en;q=0.1')).items[0]!.title).toBe(DEMO_LESSONS[0]!.title.en);
    // Opening the course marks the first lesson as reached.
    expect((await adminCourse(admin)).items[0]).toMatchObject({ reached: 1, completed: 0 });
  });

  it('says which answers are wrong, with a hint that does not give the answer, and saves nothing', async () => {
    const { admin } = await courseApp();
    const buyer = await createUser(app);
    const first = (await adminCourse(admin)).items[0]!;
    const res = await submit(buyer, first.id, { answers: answers(first, [0, 2]) });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({ code: 'QUIZ_WRONG', wrong: [first.quiz[0]!.id, first.quiz[2]!.id] });
    expect(Object.keys(body.hints)).toEqual(body.wrong);
    for (const [i, q] of [first.quiz[0]!, first.quiz[2]!].entries()) {
      const hint = body.hints[q.id];
      expect(hint.length, `hint ${i}`).toBeGreaterThan(10);
      const right = q.options.find((o) => o.correct)!.text.en;
      expect(hint.toLowerCase()).not.toContain(right.toLowerCase());
    }
    expect(JSON.stringify(body)).not.toMatch(/correct/);
    expect((await course(buyer)).items[0]!.completed).toBe(false);
    // In Spanish, the hint is too.
    const es = (await submit(buyer, first.id, { answers: answers(first, [0]) }, 'es')).json();
    expect(es.hints[first.quiz[0]!.id]).toBe(first.quiz[0]!.hint.es);
  });

  it('completes lessons in order only, reviews the answers, and certifies once at the end', async () => {
    const { admin } = await courseApp();
    const buyer = await createUser(app);
    const lessons = (await adminCourse(admin)).items;
    const locked = await submit(buyer, lessons[1]!.id, { answers: answers(lessons[1]!) });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      code: 'LESSON_LOCKED',
      message: 'Complete the earlier lessons first.',
    });

    const results = [];
    for (const lesson of lessons) {
      const res = await submit(buyer, lesson.id, { answers: answers(lesson) });
      expect(res.statusCode, lesson.title.en).toBe(200);
      results.push(res.json());
    }
    const first = results[0]!;
    expect(first).toMatchObject({
      lessonId: lessons[0]!.id,
      completed: true,
      certified: false,
      newlyCertified: false,
    });
    expect(first.nextLessonId).toBe(lessons[1]!.id);
    expect(first.review).toEqual(
      lessons[0]!.quiz.map((q) => ({
        questionId: q.id,
        correctOptionId: q.options.find((o) => o.correct)!.id,
        explanation: q.explanation.en,
      })),
    );
    const last = results.at(-1)!;
    expect(last).toMatchObject({ certified: true, newlyCertified: true, nextLessonId: null });
    expect(Date.parse(last.certifiedAt)).toBeGreaterThan(Date.now() - 60_000);

    // Again: harmless, the first date stays, no second celebration.
    const again = (await submit(buyer, lessons[0]!.id, { answers: answers(lessons[0]!) })).json();
    expect(again).toMatchObject({ completedAt: first.completedAt, newlyCertified: false, certified: true });

    // The badge and the progress survive signing out and in again.
    const tokens = await signIn(app, buyer.email, buyer.password);
    const fresh = { ...buyer, headers: { authorization: `Bearer ${tokens.idToken}` } };
    const me = (await callAs(app, fresh, 'GET', '/api/auth/me')).json();
    expect(me).toMatchObject({ certifiedBuyer: true, certifiedAt: last.certifiedAt });
    const list = await course(fresh);
    expect(list.items.every((l) => l.completed)).toBe(true);
    expect(list).toMatchObject({ certified: true, certifiedAt: last.certifiedAt });

    // A lesson added later does not take the badge away; it waits for them as the next one.
    const added = (await callAs(app, admin, 'POST', '/api/admin/training/lessons', draft())).json();
    const after = await course(fresh);
    expect(after.certified).toBe(true);
    expect(after.items.at(-1)).toMatchObject({ id: added.id, completed: false, unlocked: true });
    const figures = await adminCourse(admin);
    expect(figures).toMatchObject({ certified: 1, buyers: 1 });
    expect(figures.items[0]).toMatchObject({ reached: 1, completed: 1 });
  });

  it(
    'grants the badge to both of two concurrent last completions only once',
    { tags: ['server'] },
    async () => {
      const { admin } = await courseApp();
      const buyer = await createUser(app);
      const lessons = (await adminCourse(admin)).items;
      for (const lesson of lessons.slice(0, -1)) {
        expect((await submit(buyer, lesson.id, { answers: answers(lesson) })).statusCode).toBe(200);
      }
      const last = lessons.at(-1)!;
      const both = await Promise.all([
        submit(buyer, last.id, { answers: answers(last) }),
        submit(buyer, last.id, { answers: answers(last) }),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(both.map((r) => r.json().newlyCertified).sort()).toEqual([false, true]);
    },
  );

  it('refuses malformed answers with 400, unknown lessons with 404, and never answers 500', async () => {
    const { admin } = await courseApp();
    const buyer = await createUser(app);
    const [first, second] = (await adminCourse(admin)).items;
    const missing = answers(first!);
    delete missing[first!.quiz[1]!.id];
    const foreign = { ...answers(first!), [first!.quiz[0]!.id]: second!.quiz[0]!.options[0]!.id };
    const cases: [unknown, number][] = [
      [{ answers: missing }, 400],
      [{ answers: foreign }, 400],
      [{ answers: { ...answers(first!), [second!.quiz[0]!.id]: second!.quiz[0]!.options[0]!.id } }, 400],
      [{ completed: true }, 400],
      [{ answers: answers(first!), completed: true }, 400],
      [{ answers: [1, 2] }, 400],
      [{ answers: { [first!.quiz[0]!.id]: 7 } }, 400],
      [{ answers: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`q${i}`, 'o'])) }, 400],
      [{}, 400],
    ];
    for (const [body, status] of cases) {
      const res = await submit(buyer, first!.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().code).toMatch(/VALIDATION_FAILED|INVALID_JSON|BAD_REQUEST/);
    }
    const broken = await app.inject({
      method: 'PUT',
      url: `/api/training/progress/${first!.id}`,
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      payload: '{"answers": {',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('INVALID_JSON');
    expect((await submit(buyer, first!.id, { answers: missing })).json().errors).toEqual([
      expect.objectContaining({ path: `answers.${first!.quiz[1]!.id}`, message: 'Answer every question.' }),
    ]);
    const unknown = await submit(buyer, '00000000-0000-4000-8000-000000000000', { completed: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('LESSON_NOT_FOUND');
    expect((await submit(buyer, 'lesson-1', { completed: true })).statusCode).toBe(400);
    expect((await course(buyer)).items.some((l) => l.completed)).toBe(false);
  });

  it('completes a lesson without a quiz with { completed: true }, and hides unpublished lessons', async () => {
    app = await createTestApp();
    const admin = await createUser(app, { roles: ['admin'] });
    const buyer = await createUser(app);
    expect(await course(buyer)).toMatchObject({ items: [], certified: false });
    const reading = (
      await callAs(app, admin, 'POST', '/api/admin/training/lessons', draft({ quiz: [] }))
    ).json() as AdminLesson;
    const hidden = (
      await callAs(app, admin, 'POST', '/api/admin/training/lessons', draft({ published: false }))
    ).json() as AdminLesson;
    expect((await course(buyer)).items.map((l) => l.id)).toEqual([reading.id]);
    expect((await submit(buyer, hidden.id, { answers: answers(hidden) })).statusCode).toBe(404);
    const done = await submit(buyer, reading.id, { completed: true });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ review: [], certified: true, newlyCertified: true });
  });
});

describe('the admin’s course', () => {
  it('creates, edits in Spanish, publishes, reorders and deletes lessons', async () => {
    const { admin } = await courseApp();
    const created = await callAs(
      app,
      admin,
      'POST',
      '/api/admin/training/lessons',
      draft({ published: false }),
    );
    expect(created.statusCode).toBe(201);
    const lesson = created.json() as AdminLesson;
    expect(lesson).toMatchObject({ position: 7, published: false, reached: 0, completed: 0 });
    expect(lesson.quiz[0]!.options.map((o) => o.correct)).toEqual([true, false]);

    const edited = await callAs(app, admin, 'PUT', `/api/admin/training/lessons/${lesson.id}`, {
      ...draft(),
      title: { en: 'Reading a title report', es: 'Leer un informe de título' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ published: true, title: { es: 'Leer un informe de título' } });
    const buyer = await createUser(app);
    expect((await course(buyer, 'es')).items.at(-1)!.title).toBe('Leer un informe de título');

    const ids = (await adminCourse(admin)).items.map((l) => l.id);
    const reordered = [ids.at(-1)!, ...ids.slice(0, -1)];
    expect(
      (await callAs(app, admin, 'PUT', '/api/admin/training/order', { ids: reordered })).statusCode,
    ).toBe(200);
    expect((await adminCourse(admin)).items.map((l) => [l.id, l.position])).toEqual(
      reordered.map((id, i) => [id, i + 1]),
    );
    expect((await course(buyer)).items[0]!.id).toBe(lesson.id);
    for (const bad of [
      ids.slice(1),
      [...ids, ids[0]],
      [...ids.slice(1), '00000000-0000-4000-8000-000000000000'],
    ]) {
      const res = await callAs(app, admin, 'PUT', '/api/admin/training/order', { ids: bad });
      expect(res.statusCode).toBe(400);
    }

    expect((await callAs(app, admin, 'DELETE', `/api/admin/training/lessons/${lesson.id}`)).statusCode).toBe(
      204,
    );
    expect((await callAs(app, admin, 'DELETE', `/api/admin/training/lessons/${lesson.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await callAs(app, admin, 'PUT', `/api/admin/training/lessons/${lesson.id}`, draft())).statusCode,
    ).toBe(404);
    expect((await adminCourse(admin)).items.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('keeps question and answer ids through an edit, so a learner mid-quiz can still answer', async () => {
    const { admin } = await courseApp();
    const buyer = await createUser(app);
    const first = (await adminCourse(admin)).items[0]!;
    const seen = (await course(buyer)).items[0]!;
    const input = {
      title: first.title,
      summary: first.summary,
      body: { ...first.body, en: `${first.body.en}\n\nA typo fixed.` },
      published: true,
      quiz: first.quiz.map((q) => ({
        question: q.question,
        hint: q.hint,
        explanation: q.explanation,
        options: q.options.map((o) => ({ text: o.text, correct: o.correct })),
      })),
    };
    const edited = (await callAs(app, admin, 'PUT', `/api/admin/training/lessons/${first.id}`, input)).json();
    expect(edited.quiz.map((q: { id: string }) => q.id)).toEqual(seen.quiz.map((q) => q.id));
    expect((await submit(buyer, seen.id, { answers: answers(first) })).statusCode).toBe(200);
    // A question removed and an answer added: the rest keep their ids.
    const [q0, , q2] = input.quiz;
    const reshaped = {
      ...input,
      quiz: [
        q0!,
        { ...q2!, options: [...q2!.options, { text: { en: 'None', es: 'Ninguna' }, correct: false }] },
      ],
    };
    const after = (
      await callAs(app, admin, 'PUT', `/api/admin/training/lessons/${first.id}`, reshaped)
    ).json();
    expect(after.quiz).toHaveLength(2);
    expect(after.quiz[0].options.map((o: { id: string }) => o.id)).toEqual(
      first.quiz[0]!.options.map((o) => o.id),
    );
    expect(after.quiz[1].options).toHaveLength(first.quiz[2]!.options.length + 1);
  });

  it('refuses lessons that are oversized, untranslated when published, or with a bad quiz', async () => {
    const { admin } = await courseApp();
    const base = draft();
    const question = base.quiz[0]!;
    const cases: [string, LessonInput, string][] = [
      ['body too long', draft({ body: { en: 'x'.repeat(40_001), es: 'y' } }), 'body.en'],
      ['title too long', draft({ title: { en: 't'.repeat(201), es: 't' } }), 'title.en'],
      ['no English title', draft({ title: { en: '  ', es: 'Título' } }), 'title.en'],
      ['published without Spanish', draft({ body: { en: 'Body', es: '' } }), 'body.es'],
      [
        'published with an English-only hint',
        draft({ quiz: [{ ...question, hint: { en: 'Re-read "Liens".', es: '' } }] }),
        'quiz.0.hint.es',
      ],
      [
        'two right answers',
        draft({ quiz: [{ ...question, options: question.options.map((o) => ({ ...o, correct: true })) }] }),
        'quiz.0.options',
      ],
      ['one answer', draft({ quiz: [{ ...question, options: [question.options[0]!] }] }), 'quiz.0.options'],
      ['eleven questions', draft({ quiz: Array.from({ length: 11 }, () => question) }), 'quiz'],
    ];
    for (const [name, body, path] of cases) {
      const res = await callAs(app, admin, 'POST', '/api/admin/training/lessons', body);
      expect(res.statusCode, name).toBe(400);
      expect(
        res.json().errors.map((e: { path: string }) => e.path),
        name,
      ).toContain(path);
    }
    // A draft may wait for its Spanish.
    const spanishLater = draft({ published: false, body: { en: 'Body', es: '' } });
    expect((await callAs(app, admin, 'POST', '/api/admin/training/lessons', spanishLater)).statusCode).toBe(
      201,
    );
    // A body beyond the request limit is refused before it is read.
    const huge = await callAs(
      app,
      admin,
      'POST',
      '/api/admin/training/lessons',
      draft({ body: { en: 'x'.repeat(3_000_000), es: 'y' } }),
    );
    expect(huge.statusCode).toBe(413);
    expect((await adminCourse(admin)).total).toBe(7);
  });
});
