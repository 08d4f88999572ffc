import type { Seed } from '../../db/seed';
import { createDirectoryUser, type NewDirectoryUser } from './directory';

/** The demo accounts of DECISIONS.md (Demo mode), one per role plus a buyer-and-seller. */
export const DEMO_PASSWORD = 'DemoPass!2026';

export const DEMO_ACCOUNTS: NewDirectoryUser[] = [
  {
    email: 'admin@demo.test',
    roles: ['admin'],
    firstName: 'Ada',
    lastName: 'Admin',
    phoneNumber: '5125550100',
  },
  {
    email: 'owner@demo.test',
    roles: ['owner'],
    firstName: 'Olivia',
    lastName: 'Owner',
    phoneNumber: '5125550101',
  },
  {
    email: 'seller@demo.test',
    roles: ['originator'],
    firstName: 'Sam',
    lastName: 'Seller',
    phoneNumber: '5125550102',
  },
  {
    email: 'buyer@demo.test',
    roles: ['buyer'],
    firstName: 'Bianca',
    lastName: 'Buyer',
    phoneNumber: '5125550103',
  },
  {
    email: 'hybrid@demo.test',
    roles: ['buyer', 'originator'],
    firstName: 'Hugo',
    lastName: 'Hybrid',
    phoneNumber: '5125550104',
    language: 'es',
  },
].map((account) => ({ ...account, password: DEMO_PASSWORD }) as NewDirectoryUser);

export const demoAccountsSeed: Seed = {
  name: 'demo-accounts',
  async run(db) {
    for (const account of DEMO_ACCOUNTS) await createDirectoryUser(db, account);
  },
  summary: [
    `Sign in at /auth with any of these accounts, password ${DEMO_PASSWORD}:`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(18)} ${a.roles.join(' + ')}`),
  ],
};
