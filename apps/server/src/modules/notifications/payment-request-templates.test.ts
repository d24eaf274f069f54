import { describe, expect, it } from 'vitest';
import { renderPaymentRequestMail } from './payment-request-templates.js';

const base = {
  senderName: 'Blue <Harbor> & Co',
  refNo: 'INV-7',
  amountCents: 11_050,
  balanceCents: 11_050,
  dueDate: '2026-11-20',
  today: '2026-11-02',
  link: 'https://ferry.example/b/abc/bills/payment-request',
};

describe('renderPaymentRequestMail', () => {
  it('asks the customer to review the request, with the amount, due date and link (escaped in HTML)', () => {
    const mail = renderPaymentRequestMail({ ...base, kind: 'REQUESTED' });
    expect(mail.subject).toBe('Payment request from Blue <Harbor> & Co');
    expect(mail.text).toContain(
      'sent you a payment request of $110.50 for invoice INV-7, due on Nov 20, 2026.',
    );
    expect(mail.text).toContain(`Review payment request: ${base.link}`);
    expect(mail.html).toContain('Blue &lt;Harbor&gt; &amp; Co');
    expect(mail.html).not.toContain('<Harbor>');
    expect(mail.html).toContain(`href="${base.link}"`);
  });

  it('asks a customer not on Ferry (a guest) to pay from its link, without an account', () => {
    const link = 'https://ferry.example/process/payment/start?token=abc';
    const requested = renderPaymentRequestMail({ ...base, link, kind: 'REQUESTED', guest: true });
    expect(requested.text).toContain('no Ferry account is needed');
    expect(requested.text).not.toContain('For Review');
    expect(requested.text).toContain(`Pay now: ${link}`);
    const reminder = renderPaymentRequestMail({ ...base, link, kind: 'REMINDER', guest: true });
    expect(reminder.text).toContain('Pay it online with the link below.');
    expect(reminder.text).not.toContain('For Review');
  });

  it('says a reminder is due soon, today or overdue, and shows what is left after a partial payment', () => {
    const remind = (today: string, balanceCents = base.balanceCents) =>
      renderPaymentRequestMail({ ...base, kind: 'REMINDER', today, balanceCents }).text;
    expect(remind('2026-11-17')).toContain('Invoice INV-7 from Blue <Harbor> & Co is due on Nov 20, 2026.');
    expect(remind('2026-11-20')).toContain('is due today.');
    expect(remind('2026-11-27')).toContain('was due on Nov 20, 2026 and is still open.');
    expect(remind('2026-11-27')).not.toContain('Left to pay');
    expect(remind('2026-11-27', 6050)).toContain('Left to pay: $60.50');
  });

  it('tells the customer a withdrawn request needs nothing, with the note and no button', () => {
    const mail = renderPaymentRequestMail({ ...base, kind: 'CANCELLED', remarks: ' Sent in error ' });
    expect(mail.subject).toBe('Blue <Harbor> & Co withdrew a payment request');
    expect(mail.text).toContain('Note from Blue <Harbor> & Co: Sent in error');
    expect(mail.text).not.toContain(base.link);
    expect(mail.html).not.toContain('href=');
  });
});
