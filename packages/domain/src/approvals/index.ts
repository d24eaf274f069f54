export * from './engine.js';
export * from './types.js';
