/**
 * The signed-in user of an API call, as the auth hook (plugins/auth.ts) puts it on the request. It
 * lives here, in the identity platform, so that the domain modules that act for a user name it
 * without importing the HTTP edge.
 */
import type { Role } from '@dealclub/shared/roles';
import type { UserRow } from '../../db/rows';

export interface AuthenticatedUser {
  id: string;
  email: string;
  roles: Role[];
  /** Highest-priority role (shell §4). */
  role: Role;
  /** The token's `cognito:groups`, as sent. */
  groups: string[];
  row: UserRow;
  /**
   * What the route asked the auth hook to read with the user in its one statement
   * (`config.authJoins`), by the name its owner registered it under; each owner reads its own part
   * (matching's `matchProfileOf`, profile's `profileFactsOf`).
   */
  joined: Readonly<Record<string, unknown>>;
}
