import type { GuidedTour } from '@ferry/domain';
import type { Config } from 'driver.js';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import { signInAs } from '@/testing/users';
import { type TourStep, useGuidedTour } from './guided-tour';

// The tour library is replaced by a recorder: these tests are about when a tour starts and what is saved.
const tourLibrary = vi.hoisted(() => ({
  configs: [] as Config[],
  drive: vi.fn(),
  destroy: vi.fn(),
}));
vi.mock('driver.js', () => ({
  driver: (config: Config) => {
    tourLibrary.configs.push(config);
    let active = false;
    return {
      drive: () => {
        active = true;
        tourLibrary.drive();
      },
      destroy: () => {
        active = false;
        tourLibrary.destroy();
      },
      isActive: () => active,
    };
  },
}));

const STEPS: TourStep[] = [
  { popover: { title: 'Welcome' } },
  { element: '#present', popover: { title: 'Present' } },
  { element: '#missing', popover: { title: 'Missing' } },
];

const Page = ({
  tour = 'home',
  steps = STEPS,
  enabled,
}: {
  tour?: GuidedTour;
  steps?: TourStep[];
  enabled?: boolean;
}) => {
  useGuidedTour({ tour, steps, ...(enabled === undefined ? {} : { enabled }) });
  return <div id="present">Page</div>;
};

/** Lets the fake server answer and the query cache settle, without moving the clock. */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await vi.advanceTimersByTimeAsync(0);
};

const status = (home: boolean) => ({ home, 'bill-payments': false, approvals: false, invoices: false });

let api: ReturnType<typeof mockApi>;

// The hook imports the library when a tour may start; loaded once here, that import then settles at
// once under fake timers, as it does in the browser once the chunk is cached.
beforeAll(async () => {
  await import('./guided-tour-library');
});

beforeEach(() => {
  vi.useFakeTimers();
  tourLibrary.configs.length = 0;
  tourLibrary.drive.mockClear();
  tourLibrary.destroy.mockClear();
  signInAs();
  api = mockApi({
    'GET /user/tour-status': ok(status(false)),
    'POST /user/tour-status': ok(status(true)),
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useGuidedTour (spec 000 §2, §9)', () => {
  it('starts 250 ms after the page shows when the tour is not completed, with the steps on the page', async () => {
    renderWithProviders(<Page />);
    await settle();
    expect(api.callsTo('GET /user/tour-status')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(249);
    expect(tourLibrary.drive).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tourLibrary.drive).toHaveBeenCalledTimes(1);
    expect(tourLibrary.configs[0]?.steps?.map((step) => step.popover?.title)).toEqual(['Welcome', 'Present']);
  });

  it('saves the tour as completed when the person finishes or closes it, and ends it', async () => {
    renderWithProviders(<Page />);
    await settle();
    await vi.advanceTimersByTimeAsync(250);
    const config = tourLibrary.configs[0];
    expect(api.callsTo('POST /user/tour-status')).toHaveLength(0);

    config?.onDestroyStarted?.(undefined, {}, {} as never);
    await settle();
    expect(api.bodiesOf('POST /user/tour-status')).toEqual([{ tour: 'home', completed: true }]);
    expect(tourLibrary.destroy).toHaveBeenCalled();
    // Not started again.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tourLibrary.drive).toHaveBeenCalledTimes(1);
  });

  it('does not start a completed tour', async () => {
    api.handlers['GET /user/tour-status'] = ok(status(true));
    renderWithProviders(<Page />);
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(tourLibrary.configs).toHaveLength(0);
  });

  it('waits while the page is not ready', async () => {
    renderWithProviders(<Page enabled={false} />);
    await settle();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(api.callsTo('GET /user/tour-status')).toHaveLength(0);
    expect(tourLibrary.configs).toHaveLength(0);
  });

  it('leaving the page before the delay starts nothing; leaving mid-tour ends it without saving', async () => {
    const early = renderWithProviders(<Page />);
    await settle();
    await vi.advanceTimersByTimeAsync(100);
    early.unmount();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tourLibrary.configs).toHaveLength(0);

    const later = renderWithProviders(<Page />);
    await settle();
    await vi.advanceTimersByTimeAsync(250);
    expect(tourLibrary.drive).toHaveBeenCalledTimes(1);
    later.unmount();
    expect(tourLibrary.destroy).toHaveBeenCalledTimes(1);
    await settle();
    expect(api.callsTo('POST /user/tour-status')).toHaveLength(0);
  });

  it('starts nothing when none of the steps is on the page', async () => {
    renderWithProviders(<Page steps={[{ element: '#missing', popover: { title: 'Missing' } }]} />);
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tourLibrary.drive).not.toHaveBeenCalled();
  });
});
