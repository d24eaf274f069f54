import { AutoPayGuard } from './auto-pay-guard';

/**
 * `/process/auto-pay/business-mapping-check` (spec 000 §1): where sign-in lands for an auto-payment link
 * (the token kept in storage). It waits for the mapping id (the guard's link call retries up to 5 times,
 * 500 ms × the attempt apart), then goes where the guard sends this user: /business for an ACTIVE payer
 * while the request is open, else the result or the business home.
 */
export const AutoPayMappingCheckPage = () => (
  <AutoPayGuard
    page="mapping-check"
    homeWhenAccepted
    loadingLabel="Checking your auto-payment request..."
    accept={() => false}
  >
    {() => null}
  </AutoPayGuard>
);
