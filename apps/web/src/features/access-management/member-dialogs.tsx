import { accessRoutes } from '@storecast/contract';
import { Alert, Checkbox, Form, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import type { Member } from './queries.ts';

const managed = (m: Member) => m.stores.filter((s) => s.role === 'manager');

/** Chooses the stores to revoke a manager from (all of them to start with); takes effect at once. */
export function RevokeDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ shop_ids: string[] }>();
  const revoke = useApiMutation(accessRoutes.revoke, {
    invalidates: [accessRoutes.memberList],
    onSuccess: () => {
      toastSuccess(t('notices.access.revoked'));
      onClose();
    },
  });
  return (
    <Modal
      open={member !== null}
      title={member && t('accessManagement.revoke.title', { email: member.email })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('accessManagement.revoke.ok')}
      okButtonProps={{ danger: true, loading: revoke.isPending, 'data-testid': 'revoke-ok' }}
      destroyOnHidden
    >
      {member && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ shop_ids: managed(member).map((s) => s.id) }}
          onFinish={(v) => revoke.mutate({ user_id: member.user_id, shop_ids: v.shop_ids })}>
          <Form.Item name="shop_ids" label={t('accessManagement.revoke.stores')} rules={[zodRule(accessRoutes.revoke.body!.shape.shop_ids)]}>
            <Checkbox.Group data-testid="revoke-stores">
              <Space orientation="vertical">
                {managed(member).map((s) => <Checkbox key={s.id} value={s.id}>{s.name}</Checkbox>)}
              </Space>
            </Checkbox.Group>
          </Form.Item>
          <Typography.Text type="secondary">{t('accessManagement.revoke.hint')}</Typography.Text>
        </Form>
      )}
    </Modal>
  );
}

/** Makes a manager the owner of one of their stores; the owner stays on as a manager. */
export function TransferDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ shop_id: string }>();
  const transfer = useApiMutation(accessRoutes.transfer, {
    invalidates: [accessRoutes.memberList],
    onSuccess: () => {
      toastSuccess(t('notices.access.transferred'));
      onClose();
    },
  });
  const options = member ? managed(member) : [];
  return (
    <Modal
      open={member !== null}
      title={member && t('accessManagement.transfer.title', { email: member.email })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('accessManagement.transfer.ok')}
      okButtonProps={{ danger: true, loading: transfer.isPending, 'data-testid': 'transfer-ok' }}
      destroyOnHidden
    >
      {member && (
        <Form form={form} layout="vertical" preserve={false} initialValues={{ shop_id: options.length === 1 ? options[0]!.id : undefined }}
          onFinish={(v) => transfer.mutate({ shop_id: v.shop_id, user_id: member.user_id })}>
          <Form.Item name="shop_id" label={t('accessManagement.transfer.store')} rules={[zodRule(accessRoutes.transfer.body!.shape.shop_id)]}>
            <Radio.Group data-testid="transfer-stores">
              <Space orientation="vertical">
                {options.map((s) => <Radio key={s.id} value={s.id}>{s.name}</Radio>)}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Alert type="warning" showIcon title={t('accessManagement.transfer.warning')} />
        </Form>
      )}
    </Modal>
  );
}
