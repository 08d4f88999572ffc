import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from the schema; the API applies them at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema.ts',
  out: './apps/api/drizzle',
});
