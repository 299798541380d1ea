import { PlusOutlined } from '@ant-design/icons';
import { couponPresetBody, type CouponPreset, type CouponPresetBody, discountAboveSuggestion, LIMITS, brandRoutes } from '@storecast/contract';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useCouponPresets } from './queries.ts';

const rules = couponPresetBody.shape;

/** Coupon presets: code, discount 0-100 (advice above 30 %), description. */
export function CouponPresets() {
  const { t } = useTranslation();
  const { data, isPending } = useCouponPresets();
  const [editing, setEditing] = useState<CouponPreset | 'new' | null>(null);
  const [form] = Form.useForm<CouponPresetBody>();
  const discount = Form.useWatch('discount', form);
  const save = useApiMutation(brandRoutes.savePreset, {
    input: (v: CouponPresetBody) => ({ body: { ...v, id: editing === 'new' ? undefined : editing?.id } }),
    invalidates: [brandRoutes.presets],
    onSuccess: () => {
      setEditing(null);
      toastSuccess(t('brand.coupon.saved'));
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  const remove = useApiMutation(brandRoutes.deletePreset, {
    invalidates: [brandRoutes.presets],
    onSuccess: () => toastSuccess(t('brand.coupon.deleted')),
  });
  const open = (row: CouponPreset | 'new') => {
    form.resetFields();
    if (row !== 'new') form.setFieldsValue({ code: row.code, discount: row.discount, description: row.description });
    setEditing(row);
  };

  return (
    <>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="coupon-add">{t('brand.coupon.add')}</Button>
      </Flex>
      <Table<CouponPreset>
        rowKey="id"
        loading={isPending}
        dataSource={data}
        pagination={false}
        locale={{ emptyText: t('brand.coupon.empty') }}
        onRow={() => ({ 'data-testid': 'coupon-row' }) as object}
        columns={[
          { title: t('brand.coupon.code'), dataIndex: 'code' },
          { title: t('brand.coupon.discount'), dataIndex: 'discount', render: (d: number) => `${d}%` },
          { title: t('brand.coupon.description'), dataIndex: 'description' },
          {
            title: t('common.actions'), key: 'actions',
            render: (_: unknown, row) => (
              <Space>
                <Button type="link" onClick={() => open(row)} data-testid="coupon-edit">{t('common.edit')}</Button>
                <Popconfirm title={t('brand.coupon.deleteConfirm', { code: row.code })} onConfirm={() => remove.mutate({ id: row.id })}>
                  <Button type="link" danger data-testid="coupon-delete">{t('brand.delete')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('brand.coupon.add') : t('brand.coupon.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: save.isPending, 'data-testid': 'coupon-save' } as { loading: boolean }}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          <Form.Item name="code" label={t('brand.coupon.code')} rules={[zodRule(rules.code)]} required>
            <Input maxLength={40} data-testid="coupon-code" />
          </Form.Item>
          <Form.Item name="discount" label={t('brand.coupon.discount')} rules={[zodRule(rules.discount)]} required>
            <InputNumber min={0} max={LIMITS.couponDiscountMax} style={{ width: 160 }} data-testid="coupon-discount" />
          </Form.Item>
          {discountAboveSuggestion(discount) && (
            <Alert type="warning" showIcon title={t('notices.preset.discountHint')} data-testid="coupon-discount-hint" style={{ marginBottom: 16 }} />
          )}
          <Form.Item name="description" label={t('brand.coupon.description')} rules={[zodRule(rules.description)]}>
            <Input.TextArea maxLength={200} rows={2} data-testid="coupon-description" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
