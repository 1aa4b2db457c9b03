import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Platform's own tables, and each module's (issue 47, decision 043).
  schema: ['./src/server/platform/db/schema/*.ts', './src/server/modules/*/schema.ts'],
  out: './db/migrations',
});
