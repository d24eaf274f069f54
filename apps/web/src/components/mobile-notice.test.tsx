import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { MOBILE_MEDIA_QUERY, MOBILE_NOTICE_DISMISSED_KEY } from './mobile-notice';

const setViewportWidth = (width: number) => {
  vi.mocked(window.matchMedia).mockImplementation((query: string) => ({
    matches: query === MOBILE_MEDIA_QUERY && width < 1152,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
};

describe('MobileNotice', () => {
  afterEach(() => {
    setViewportWidth(1280);
    window.sessionStorage.clear();
  });

  // The app provider renders the notice above every page.
  it('tells narrow browsers to use a desktop browser', async () => {
    setViewportWidth(1024);
    renderWithProviders(<p>Page</p>);
    const dialog = await screen.findByRole('dialog', { name: 'Mobile/Tablet Browser Detected' });
    expect(dialog).toHaveTextContent(/desktop browser/);
  });

  it('lets the person continue anyway, by keyboard, and remembers it for the session', async () => {
    setViewportWidth(1000);
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<p>Page</p>);
    const dialog = await screen.findByRole('dialog', { name: 'Mobile/Tablet Browser Detected' });
    expect(dialog).toHaveFocus();
    await user.tab();
    const button = screen.getByRole('button', { name: 'Continue anyway' });
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(MOBILE_NOTICE_DISMISSED_KEY)).toBe('1');
    unmount();

    renderWithProviders(<p>Page again</p>);
    expect(screen.getByText('Page again')).toBeInTheDocument();
    expect(screen.queryByText('Mobile/Tablet Browser Detected')).not.toBeInTheDocument();
  });

  it('stays out of the way at 1152 px and wider', () => {
    setViewportWidth(1152);
    renderWithProviders(<p>Page</p>);
    expect(screen.getByText('Page')).toBeInTheDocument();
    expect(screen.queryByText('Mobile/Tablet Browser Detected')).not.toBeInTheDocument();
  });

  it('uses the 1152 px breakpoint', () => {
    expect(MOBILE_MEDIA_QUERY).toBe('(max-width: 1151.98px)');
  });
});
