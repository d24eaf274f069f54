export * from './date.js';
export * from './mask.js';
export * from './number.js';
export * from './phone.js';
export * from './text.js';
