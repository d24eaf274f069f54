export * from './catalogues/index.js';
export * from './dates/index.js';
export * from './format/index.js';
export * from './ids/index.js';
export * from './money/index.js';
export * from './permissions/index.js';
export * from './routes/index.js';
export * from './schemas/index.js';
