export * from './cents.js';
export * from './schemas.js';
