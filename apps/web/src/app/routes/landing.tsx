import { WelcomePage } from '@/features/welcome/components/welcome-page';

/** Route module for React Router `lazy`. */
export const Component = WelcomePage;
