import disposableDomains from 'disposable-email-domains/index.json' with { type: 'json' };
import wildcardDomains from 'disposable-email-domains/wildcard.json' with { type: 'json' };
import { getEmailDomain } from './email.js';

const DISPOSABLE: ReadonlySet<string> = new Set(disposableDomains as string[]);
const WILDCARD: ReadonlySet<string> = new Set(wildcardDomains as string[]);

/**
 * Whether the address uses a disposable-mail domain (the `disposable-email-domains` list, plus any
 * sub-domain of its wildcard list).
 */
export const isDisposableEmail = (email: string): boolean => {
  const domain = getEmailDomain(email);
  if (!domain) return false;
  if (DISPOSABLE.has(domain)) return true;
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i += 1) {
    if (WILDCARD.has(labels.slice(i).join('.'))) return true;
  }
  return false;
};
