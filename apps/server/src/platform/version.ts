/** Set at build time from package.json; "dev" when running from source. */
declare const __FERRY_VERSION__: string | undefined;

export const APP_VERSION: string = typeof __FERRY_VERSION__ === 'string' ? __FERRY_VERSION__ : '0.1.0-dev';
