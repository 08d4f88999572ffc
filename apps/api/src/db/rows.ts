/**
 * The rows of the tables most modules pass around, named once: a module that reads a deal or a user
 * takes its type from here, the ground layer, instead of from the module that writes it.
 */
import type { deals, users } from './schema';

export type DealRow = typeof deals.$inferSelect;
export type UserRow = typeof users.$inferSelect;
