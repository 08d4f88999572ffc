/** What the identity actions need from the app: the database, the pool's settings, the keys, a log. */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IdentityConfig } from '../../config';
import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { CodePurpose } from './codes';

export interface IdentityContext {
  db: Db;
  identity: IdentityConfig;
  /** Opens the sealed private signing keys (decision 018). */
  secrets: SecretBox;
  log: FastifyBaseLogger;
  /** Development only: where codes are also shown (the console), so no mail server is needed. */
  revealCode?: (email: string, purpose: CodePurpose, code: string) => void;
}

/** The context of the app's identity actions; development also logs codes to the console. */
export function identityContext(app: FastifyInstance): IdentityContext {
  return {
    db: app.database.db,
    identity: app.config.identity,
    secrets: app.secrets,
    log: app.log,
    revealCode:
      app.config.env === 'development'
        ? (email, purpose, code) => app.log.info({ email, purpose, code }, 'identity code (development only)')
        : undefined,
  };
}
