import { Component as NotFound } from './not-found';

/** Route module for React Router `lazy`: `/b/{businessId}/bills/approvals`, the Approvals tab (being built: issue 18). */
export const Component = () => <NotFound />;
