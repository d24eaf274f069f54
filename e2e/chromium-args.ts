/**
 * Chromium's command line for the browser journeys and `npm run bench:web` (Debian's Chromium, headless).
 *
 * A new headless window also builds Chromium's own omnibox popup pages (and their AI-mode variant) in a
 * renderer of their own: about 2 s of CPU for every browser context, taken from the page under test on a
 * 2-core machine. Puppeteer turns them off by default; so do we. Chromium reads only the last
 * `--disable-features`, so Playwright's own list (its chromium switches) is repeated here.
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  // Playwright's defaults:
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
