import { PlusOutlined } from '@ant-design/icons';
import { tagNameSchema, audienceRoutes } from '@storecast/contract';
import { App, Button, Flex, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useTags } from './queries.ts';

type TagRow = { id: number; name: string; count: number };

/** /email-list/tags: the store's tags with how many subscribers carry each. */
export function TagsPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { data, isPending } = useTags();
  const [editing, setEditing] = useState<TagRow | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const save = useApiMutation(audienceRoutes.tagSave, {
    input: (name: string) => ({ body: { name, ...(editing && editing !== 'new' ? { id: editing.id } : {}) } }),
    invalidates: [audienceRoutes.tagList],
    onSuccess: () => {
      toastSuccess(t('emailList.tags.saved'));
      setEditing(null);
    },
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  const remove = useApiMutation(audienceRoutes.tagDelete, {
    input: (id: number) => ({ body: { id } }),
    invalidates: [audienceRoutes.tagList, audienceRoutes.subscriberList],
    onSuccess: () => toastSuccess(t('emailList.tags.deleted')),
  });

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('emailList.tags.intro')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="tag-add">{t('emailList.tags.add')}</Button>
      </Flex>
      <Table<TagRow>
        rowKey="id"
        loading={isPending}
        dataSource={data}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        onRow={() => ({ 'data-testid': 'tag-row' }) as object}
        columns={[
          { title: t('emailList.tags.name'), dataIndex: 'name', render: (n: string) => <span data-testid="tag-name">{n}</span> },
          { title: t('emailList.tags.count'), dataIndex: 'count' },
          {
            title: t('common.actions'), key: 'actions',
            render: (_, row) => (
              <Space>
                <Button size="small" onClick={() => setEditing(row)} data-testid="tag-rename">{t('emailList.tags.rename')}</Button>
                <Button
                  size="small"
                  danger
                  onClick={() => modal.confirm({
                    title: t('emailList.tags.deleteConfirm', { name: row.name }),
                    okButtonProps: { danger: true },
                    onOk: () => remove.mutateAsync(row.id),
                  })}
                  data-testid="tag-delete"
                >
                  {t('emailList.tags.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('emailList.tags.add') : t('emailList.tags.rename')}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okButtonProps={{ loading: save.isPending, 'data-testid': 'tag-save' }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ name: editing && editing !== 'new' ? editing.name : '' }}
          onFinish={(v) => save.mutate(v.name)}
        >
          <Form.Item name="name" label={t('emailList.tags.name')} rules={[zodRule(tagNameSchema)]}>
            <Input data-testid="tag-name-input" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
