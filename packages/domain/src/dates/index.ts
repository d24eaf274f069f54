export * from './business-days.js';
export * from './calendar-date.js';
export * from './holidays.js';
