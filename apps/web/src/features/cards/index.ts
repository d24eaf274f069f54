export { AcceptCardPaymentPage } from './components/accept-card-payment-page';
export { AddCardDialog } from './components/add-card-dialog';
export { CardsSection } from './components/cards-section';
