import type { APIRequestContext, Page } from '@playwright/test';
import { expect, axeViolations, test } from './fixtures';
import { idTokenOf, newBuyer, signedIn, escapeRegExp } from './helpers';

interface AdminLesson {
  title: { en: string; es: string };
  published: boolean;
  quiz: { question: { en: string }; options: { text: { en: string }; correct: boolean }[] }[];
}

/** The published course with its right answers, as the admin's view has them. */
async function courseWithAnswers(request: APIRequestContext): Promise<AdminLesson[]> {
  const token = await idTokenOf(request, 'admin@demo.test');
  const res = await request.get('/api/admin/training/lessons', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()).items as AdminLesson[]).filter((l) => l.published);
}

async function answer(page: Page, lesson: AdminLesson, wrongAt: number | null = null) {
  for (const [i, q] of lesson.quiz.entries()) {
    const option = q.options.find((o) => o.correct === (i !== wrongAt))!;
    const group = page.getByRole('group', {
      name: new RegExp(`^${i + 1}\\. ${escapeRegExp(q.question.en)}$`),
    });
    await group.getByRole('radio', { name: option.text.en, exact: true }).check();
  }
  await page.getByRole('button', { name: 'Check my answers' }).click();
}

test('a new buyer works through the course, learns from a wrong answer and earns the badge', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const course = await courseWithAnswers(request);
  expect(course.length).toBeGreaterThanOrEqual(6);
  const user = await newBuyer(request);
  const page = await signedIn(browser, user.email, user.password);

  await page.goto('/profile?tab=profile');
  await page.getByRole('link', { name: 'Go to training' }).click();
  await expect(page).toHaveURL('/training');
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer training' })).toBeVisible();
  const progress = page.getByRole('progressbar', { name: 'Course progress' });
  await expect(progress).toHaveAttribute('aria-valuetext', `0 of ${course.length} lessons completed`);
  await expect(page.getByRole('heading', { level: 2, name: course[0]!.title.en })).toBeVisible();
  // Only the first lesson is open.
  await expect(page.getByRole('navigation', { name: 'Lessons' }).getByRole('button')).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  // A wrong answer: which one, and a hint; nothing is completed.
  await answer(page, course[0]!, 0);
  await expect(page.getByText('1 answer is not right yet. Read the hint and try again.')).toBeVisible();
  const first = page.getByRole('group', { name: new RegExp(escapeRegExp(course[0]!.quiz[0]!.question.en)) });
  await expect(first.getByText('Not quite right yet.')).toBeVisible();
  await expect(first.getByText(/Hint:/)).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuetext', `0 of ${course.length} lessons completed`);

  // Right answers complete each lesson in turn, with the review, and open the next.
  for (const [index, lesson] of course.entries()) {
    await expect(page.getByRole('heading', { level: 2, name: lesson.title.en })).toBeVisible();
    await answer(page, lesson);
    await expect(page.getByText('Lesson complete!')).toBeVisible();
    await expect(page.getByText('Right answer')).toHaveCount(lesson.quiz.length);
    await expect(progress).toHaveAttribute(
      'aria-valuetext',
      `${index + 1} of ${course.length} lessons completed`,
    );
    await page
      .getByRole('button', { name: index < course.length - 1 ? 'Next lesson' : 'Finish the course' })
      .click();
  }

  await expect(page.getByRole('heading', { level: 2, name: 'You are a Certified Buyer!' })).toBeVisible();
  await expect(page.getByText(/^Certified on /)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Saved on the server: the badge is on the profile after signing in again, in Spanish too.
  const again = await signedIn(browser, user.email, user.password);
  await again.goto('/profile?tab=profile');
  await expect(again.getByText('Certified Buyer', { exact: true })).toBeVisible();
  await again.goto('/training');
  await again.getByRole('combobox', { name: 'Language' }).click();
  await again.getByRole('option', { name: 'Español' }).click();
  await expect(
    again.getByRole('heading', { level: 2, name: '¡Usted es Comprador Certificado!' }),
  ).toBeVisible();
  await again.getByRole('button', { name: 'Repasar las lecciones' }).click();
  await expect(again.getByRole('heading', { level: 2, name: course[0]!.title.es })).toBeVisible();
});

test('the demo buyer picks up where they left off', async ({ browser, request }) => {
  const course = await courseWithAnswers(request);
  const page = await signedIn(browser, 'buyer@demo.test');
  await page.goto('/training');
  await expect(page.getByRole('progressbar', { name: 'Course progress' })).toHaveAttribute(
    'aria-valuetext',
    `2 of ${course.length} lessons completed`,
  );
  await expect(page.getByRole('heading', { level: 2, name: course[2]!.title.en })).toBeVisible();
  // A completed lesson can be read again.
  await page.getByRole('button', { name: new RegExp(escapeRegExp(course[0]!.title.en)) }).click();
  await expect(page.getByRole('heading', { level: 2, name: course[0]!.title.en })).toBeVisible();
  await expect(page.getByText(/^You completed this lesson on /)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a seller without a buyer role is told the training is for buyers', async ({ browser }) => {
  const page = await signedIn(browser, 'seller@demo.test');
  await page.goto('/training');
  await expect(page.getByText('Access Denied: This training is only available to buyers')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
