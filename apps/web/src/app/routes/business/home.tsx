import { HomePage } from '@/features/businesses/components/home-page';

/** Route module for React Router `lazy`. */
export const Component = HomePage;
