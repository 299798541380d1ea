export { SenderInfoPage } from './sender-info-page.tsx';
export { VerifyDomainPage } from './verify-domain-page.tsx';
