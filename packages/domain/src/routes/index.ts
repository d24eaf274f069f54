export * from './guard.js';
export * from './paths.js';
export * from './redirect.js';
export * from './sections.js';
