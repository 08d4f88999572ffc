import { helpCentreSeed } from '../modules/help/help-seed';
import { trainingCourseSeed } from '../modules/training/course-seed';
import type { Seed } from './seed';

/**
 * Content the product ships with, seeded on every database (embedded or server, demo mode or not)
 * after the migrations: admins edit it from there. Each runs once per database.
 */
export const PRODUCT_SEEDS: readonly Seed[] = [trainingCourseSeed, helpCentreSeed];
