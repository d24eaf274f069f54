export * from './date.js';
export * from './mask.js';
export * from './number.js';
export * from './text.js';
export * from './phone.js';
