/** The fuzz run's accounts, shared by fuzz/server.ts (creates them) and fuzz/run.ts (signs in). */
import type { Role } from '@dealclub/shared/roles';

export const FUZZ_PASSWORD = 'Fuzz-Password-1';

/** The accounts: `sentinel-*` write the data checked at the end and are never fuzzed with. */
export const FUZZ_ACCOUNTS: { name: string; roles: Role[] }[] = [
  { name: 'buyer', roles: ['buyer'] },
  { name: 'seller', roles: ['originator'] },
  { name: 'seller2', roles: ['originator'] },
  { name: 'owner', roles: ['owner'] },
  { name: 'admin', roles: ['admin'] },
  { name: 'deactivated', roles: ['buyer'] },
  { name: 'sentinel-seller', roles: ['originator'] },
  { name: 'sentinel-buyer', roles: ['buyer'] },
];
