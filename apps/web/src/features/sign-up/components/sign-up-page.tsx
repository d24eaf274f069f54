import { AuthShell } from './auth-shell';
import { SignUpAside } from './sign-up-aside';
import { SignUpForm } from './sign-up-form';

/** `/signup`: the form beside the welcome panel's marketing copy. */
export const SignUpPage = () => (
  <AuthShell aside={<SignUpAside />}>
    <SignUpForm />
  </AuthShell>
);
