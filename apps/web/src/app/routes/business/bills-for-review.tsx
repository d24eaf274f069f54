import { ForReviewPage } from '@/features/payment-requests/components/for-review-page';

/** Route module for React Router `lazy`: `/b/{businessId}/bills/payment-request` (the For Review tab). */
export const Component = () => <ForReviewPage />;
