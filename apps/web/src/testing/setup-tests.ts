import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetApiClientConfig } from '@/lib/api-client';
import { resetBotCheck } from '@/lib/bot-check';

// Pages behind the real router load lazily; on a busy machine the first load of a route module can
// take longer than testing-library's 1 s default for findBy / waitFor.
configure({ asyncUtilTimeout: 5000 });

// The notification stack loads with the first notification (app/provider.tsx); loading its module here
// once per test file keeps a toast from arriving after a test has already looked for it.
await import('@/app/notifications');

// jsdom lacks what Mantine needs: matchMedia, ResizeObserver, scrollIntoView.
const matchMedia = (query: string): MediaQueryList => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: vi.fn(matchMedia) });
Object.defineProperty(window, 'ResizeObserver', {
  writable: true,
  configurable: true,
  value: ResizeObserverStub,
});
window.HTMLElement.prototype.scrollIntoView = () => {};

afterEach(() => {
  cleanup();
  // Files share a worker's jsdom and modules (vite.config.ts, isolate: false): nothing a test leaves —
  // a toast in Mantine's store, a node a portal left in the body, focus, storage, fake timers — reaches
  // the next test or file.
  notifications.clean();
  document.body.innerHTML = '';
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // A test's fake server (`mockApi`) and the cached client config end with the test.
  resetApiClientConfig();
  resetBotCheck();
});

export { matchMedia as stubMatchMedia };
