export { SendCodeButton } from './send-code-button.tsx';
