import { CopyOutlined, DeleteOutlined } from '@ant-design/icons';
import { libraryTitleBody, type LibraryImage, type LibraryTemplate, type LibraryTitle, brandRoutes } from '@storecast/contract';
import { Button, Card, Empty, Flex, Form, Image, Input, List, Popconfirm, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { uploadFile } from '../../shared/api/files.ts';
import { useApiCache } from '../../shared/api/use-api-cache.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { toastSuccess } from '../../shared/api/toast.ts';
import { formatInZone } from '../../shared/format/format-date.ts';
import { showFieldErrors, zodRule } from '../../shared/forms/zod-rule.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { ImageUploadButton } from './image-upload-button.tsx';
import { useLibraryImages, useLibraryTemplates, useLibraryTitles } from './queries.ts';

/** Deleting any library entry refreshes the three lists (one call serves every kind). */
function useDeleteItem() {
  const { t } = useTranslation();
  return useApiMutation(brandRoutes.deleteItem, {
    invalidates: [brandRoutes.titleList, brandRoutes.imageList, brandRoutes.templateList],
    onSuccess: () => toastSuccess(t('brand.library.deleted')),
  });
}

function DeleteButton({ id, testId }: { id: string; testId: string }) {
  const { t } = useTranslation();
  const remove = useDeleteItem();
  return (
    <Popconfirm title={t('brand.library.deleteConfirm')} onConfirm={() => remove.mutate({ id })}>
      <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('brand.delete')} data-testid={testId} />
    </Popconfirm>
  );
}

function TitlesTab() {
  const { t } = useTranslation();
  const { data, isPending } = useLibraryTitles();
  const [form] = Form.useForm<{ text: string }>();
  const add = useApiMutation(brandRoutes.saveTitle, {
    invalidates: [brandRoutes.titleList],
    onSuccess: () => form.resetFields(),
    onError: (e) => isApiError(e) && showFieldErrors(form, e.fields),
  });
  return (
    <>
      <Form form={form} layout="inline" onFinish={(v) => add.mutate({ text: v.text })} style={{ marginBottom: 12 }}>
        <Form.Item name="text" rules={[zodRule(libraryTitleBody.shape.text)]} style={{ flex: 1, maxWidth: 480 }}>
          <Input placeholder={t('brand.library.titlePlaceholder')} maxLength={200} data-testid="library-title-input" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="library-title-add">{t('brand.library.addTitle')}</Button>
      </Form>
      <List<LibraryTitle>
        loading={isPending}
        dataSource={data}
        locale={{ emptyText: t('brand.library.noTitles') }}
        renderItem={(item) => (
          <List.Item data-testid="library-title-row" actions={[<DeleteButton key="d" id={item.id} testId="library-title-delete" />]}>
            {item.text}
          </List.Item>
        )}
      />
    </>
  );
}

function ImagesTab() {
  const { t } = useTranslation();
  const cache = useApiCache();
  const { data, isPending } = useLibraryImages();
  const upload = async (file: File) => {
    await uploadFile(brandRoutes.uploadImage, file);
    await cache.invalidate(brandRoutes.imageList);
  };
  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    toastSuccess(t('brand.library.copied'));
  };
  return (
    <>
      <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
        <ImageUploadButton label={t('brand.library.uploadImage')} upload={upload} testId="library-image-upload" />
        <Typography.Text type="secondary">{t('brand.library.imageRule')}</Typography.Text>
      </Flex>
      {!isPending && !data?.length ? <Empty description={t('brand.library.noImages')} /> : (
        <Flex wrap gap={12}>
          {(data ?? []).map((img: LibraryImage) => (
            <Card
              key={img.id}
              size="small"
              style={{ width: 180 }}
              data-testid="library-image-card"
              cover={<Image src={img.url} alt={img.name} height={110} style={{ objectFit: 'contain', background: '#f5f5f5' }} />}
              actions={[
                <Button key="c" type="text" icon={<CopyOutlined />} aria-label={t('brand.library.copyLink')} onClick={() => void copy(img.url)} />,
                <DeleteButton key="d" id={img.id} testId="library-image-delete" />,
              ]}
            >
              <Typography.Text ellipsis title={img.name}>{img.name}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{img.width && img.height ? `${img.width} x ${img.height}` : ''}</Typography.Text>
            </Card>
          ))}
        </Flex>
      )}
    </>
  );
}

function TemplatesTab() {
  const { t } = useTranslation();
  const { data: user } = useSessionUser();
  const { data, isPending } = useLibraryTemplates();
  return (
    <Table<LibraryTemplate>
      rowKey="id"
      loading={isPending}
      dataSource={data}
      pagination={false}
      locale={{ emptyText: t('brand.library.noTemplates') }}
      onRow={() => ({ 'data-testid': 'library-template-row' }) as object}
      columns={[
        { title: t('brand.library.name'), dataIndex: 'name' },
        { title: t('brand.library.blocks'), key: 'blocks', render: (_: unknown, r) => r.content.blocks.length },
        { title: t('brand.library.updatedAt'), dataIndex: 'updated_at', render: (v: string) => formatInZone(v, user?.timezone) },
        { title: t('common.actions'), key: 'actions', render: (_: unknown, r) => <DeleteButton id={r.id} testId="library-template-delete" /> },
      ]}
    />
  );
}

/** Titles, images and templates the store reuses when it writes an e-mail. */
export function ContentLibrary() {
  const { t } = useTranslation();
  return (
    <Tabs
      data-testid="library-tabs"
      items={[
        { key: 'titles', label: t('brand.library.titles'), children: <TitlesTab /> },
        { key: 'images', label: t('brand.library.images'), children: <ImagesTab /> },
        { key: 'templates', label: t('brand.library.templates'), children: <TemplatesTab /> },
      ]}
    />
  );
}
