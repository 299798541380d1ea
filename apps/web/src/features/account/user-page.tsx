import { Space } from 'antd';
import { ChangeEmailForm } from './change-email-form.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { LinkPhoneForm } from './link-phone-form.tsx';

/** The signed-in user's own settings. */
export function UserPage() {
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ChangePasswordForm />
      <ChangeEmailForm />
      <LinkPhoneForm />
    </Space>
  );
}
