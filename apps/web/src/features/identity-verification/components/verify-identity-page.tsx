import { isId } from '@ferry/domain';
import { useSearchParams } from 'react-router';
import { VerificationIntro } from './verification-intro';
import { VerificationReturn } from './verification-return';

/**
 * `/verify/identity` (spec 000 §2, §4 "Identity verification"). `?businessId=` is the business (KYB)
 * flow; the hosted page comes back with `inquiry-id` and `status`.
 */
export const VerifyIdentityPage = () => {
  const [searchParams] = useSearchParams();
  const inquiryId = searchParams.get('inquiry-id')?.trim();
  const rawBusinessId = searchParams.get('businessId');
  const businessId = isId(rawBusinessId) ? rawBusinessId : null;

  if (inquiryId) {
    return (
      <VerificationReturn
        key={inquiryId}
        inquiryId={inquiryId}
        status={searchParams.get('status')}
        flowBusinessId={businessId}
      />
    );
  }
  return <VerificationIntro businessId={businessId} />;
};
