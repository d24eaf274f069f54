export * from './card-fee.js';
