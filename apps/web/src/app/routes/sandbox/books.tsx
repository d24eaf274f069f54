import { SandboxBooksPage } from '@/features/sandbox-books/components/sandbox-books-page';

/**
 * Route module for React Router `lazy`: `/sandbox/books` (signed in, outside the app shell), Sandbox Books'
 * companies and records.
 */
export const Component = SandboxBooksPage;
