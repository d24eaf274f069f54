import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    template: { kind: 'pglite' | 'postgres'; ref: string };
  }
}

/** Migrates the template database once for the whole run. */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  const dumpPath = path.join(os.tmpdir(), `ferry-test-template-${process.pid}.tar`);
  const template = await createTemplate({ dumpPath, databaseUrl });
  project.provide('template', template);
  return async () => {
    await dropTemplate(template, databaseUrl);
  };
}
