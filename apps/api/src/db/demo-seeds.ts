import { demoAlertsSeed } from '../modules/alerts/demo-alerts';
import { demoAccountsSeed } from '../modules/identity/demo-accounts';
import { demoProfilesSeed } from '../modules/profile/demo-profiles';
import { demoDealsSeed } from '../modules/deals/demo-deals';
import { demoFeedbackSeed } from '../modules/feedback/demo-feedback';
import { demoRoadmapSeed } from '../modules/roadmap/demo-roadmap';
import { demoTrainingSeed } from '../modules/training/course-seed';
import type { Seed } from './seed';

/**
 * The demo data sets, in the order they run. Features append theirs here (demo accounts, deals, …);
 * they run on first start with the embedded database unless `SEED_DEMO=false`.
 */
export const DEMO_SEEDS: readonly Seed[] = [
  demoAccountsSeed,
  demoProfilesSeed,
  demoDealsSeed,
  demoTrainingSeed,
  demoAlertsSeed,
  demoRoadmapSeed,
  demoFeedbackSeed,
];
