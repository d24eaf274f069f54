export * from './guard.js';
export * from './onboarding.js';
export * from './paths.js';
export * from './redirect.js';
export * from './sections.js';
export * from './switch-business-path.js';
