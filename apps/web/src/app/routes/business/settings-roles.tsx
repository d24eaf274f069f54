/** Route module for React Router `lazy` (being built: issue 17). */
export const Component = () => null;
