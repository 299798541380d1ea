/**
 * The Smart Send flow editor (/automation/strategy-edit?id=): a flow's steps, their e-mails in
 * the block editor, save and publish. Its strings load with the page.
 */
export { FlowEditPage } from './flow-edit-page.tsx';
