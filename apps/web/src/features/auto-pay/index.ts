export { AutoPayBusinessPage } from './components/auto-pay-business-page';
export { AutoPayInfoPage } from './components/auto-pay-info-page';
export { AutoPayMappingCheckPage } from './components/auto-pay-mapping-check-page';
export { AutoPayMethodPage } from './components/auto-pay-method-page';
export type { AutoPaySlots, ChosenMethod } from './components/auto-pay-slots';
export { AutoPaySuccessPage } from './components/auto-pay-success-page';
