/**
 * The seeds of the whole product, composed here above the modules that own them (the ground's
 * `db/seed.ts` runs them and knows no module). Each runs once per database.
 */
import type { Seed } from './db/seed';
import { demoAlertsSeed } from './modules/alerts';
import { demoClubSeed } from './modules/analytics';
import { closingBackfillSeed, demoClosingSeed } from './modules/closing';
import { demoDealsSeed } from './modules/deals';
import { demoFeedbackSeed } from './modules/feedback';
import { helpCentreSeed } from './modules/help';
import { demoAccountsSeed } from './modules/identity';
import { demoProfilesSeed } from './modules/profile';
import { demoRoadmapSeed } from './modules/roadmap';
import { demoTrainingSeed, trainingCourseSeed } from './modules/training';

/**
 * Content the product ships with, seeded on every database (embedded or server, demo mode or not)
 * after the migrations: admins edit it from there.
 */
export const PRODUCT_SEEDS: readonly Seed[] = [trainingCourseSeed, helpCentreSeed, closingBackfillSeed];

/**
 * The demo data sets, in the order they run. A feature appends its demo data here; they run on first
 * start with the embedded database unless `SEED_DEMO=false`.
 */
export const DEMO_SEEDS: readonly Seed[] = [
  demoAccountsSeed,
  demoProfilesSeed,
  demoDealsSeed,
  demoClosingSeed,
  demoTrainingSeed,
  demoAlertsSeed,
  demoRoadmapSeed,
  demoFeedbackSeed,
  // Last: the club's history reads the demo deals, its activity the roadmap items and help content.
  demoClubSeed,
];
