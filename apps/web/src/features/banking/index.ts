export { BankAccountsSection } from './components/bank-accounts-section';
export { OnboardingBankStep } from './components/onboarding-bank-step';
export { ProcessBankStartPage } from './components/process-bank-start-page';
export { SandboxBankStatementPage } from './components/sandbox-bank-statement-page';
