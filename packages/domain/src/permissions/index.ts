export * from './ability.js';
export * from './keys.js';
export * from './toggle.js';
