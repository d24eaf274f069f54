import { Component as NotFound } from './not-found';

/** Route module for React Router `lazy`: `/b/{businessId}/settings/approval-policies/create` and `.../{policyId}/create` (being built: issue 18). */
export const Component = () => <NotFound />;
