export * from './ability.js';
export * from './key-schema.js';
export * from './keys.js';
export * from './toggle.js';
