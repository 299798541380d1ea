import { PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { shopRoutes } from '@storecast/contract';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../shared/api/toast.ts';
import { useApiMutation } from '../../shared/api/use-api-query.ts';
import { useSessionUser } from '../../shared/session/queries.ts';
import { useStoreList } from './queries.ts';

type Row = NonNullable<ReturnType<typeof useStoreList>['data']>[number];

/** The user's stores: switch the current one, or connect another. */
export function ShopListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isPending } = useStoreList();
  // Access management is the owner's: the link shows when the current store is the user's own.
  const owner = useSessionUser().data?.manager_info.manager_role === 'owner';
  const switchStore = useApiMutation(shopRoutes.switchStore, {
    input: (shopId: string) => ({ body: { shop_id: shopId } }),
    // Everything cached belongs to the previous store.
    switchesStore: true,
    onSuccess: () => {
      toastSuccess(t('account.shop.switched'));
      void navigate('/dashboard');
    },
  });

  return (
    <>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{t('account.shop.intro')}</Typography.Text>
        <Flex gap={8} wrap justify="flex-end">
          {owner && (
            <Button icon={<TeamOutlined />} onClick={() => void navigate('/store-setting/access-management')} data-testid="access-management-link">
              {t('account.access.title')}
            </Button>
          )}
          <Button icon={<PlusOutlined />} onClick={() => void navigate('/connect/plat')} data-testid="store-add">
            {t('account.shop.add')}
          </Button>
        </Flex>
      </Flex>
      <Table<Row>
        rowKey="shop_id"
        loading={isPending}
        dataSource={data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ 'data-testid': 'store-row', 'data-shop-id': row.shop_id }) as HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('store.fields.name'), dataIndex: 'name', render: (name: string) => <span data-testid="store-row-name">{name}</span> },
          { title: t('account.shop.domain'), dataIndex: 'shop_url' },
          { title: t('store.fields.platform'), dataIndex: 'platform', render: (p: Row['platform']) => t(`connect.platforms.${p}`) },
          { title: t('store.fields.role'), dataIndex: 'role', render: (r: Row['role']) => t(`store.roles.${r}`) },
          {
            title: t('common.actions'),
            key: 'action',
            render: (_, row) =>
              row.current ? (
                <Tag color="blue" data-testid="store-current">{t('account.shop.current')}</Tag>
              ) : (
                <Button
                  size="small"
                  loading={switchStore.isPending && switchStore.variables === row.shop_id}
                  onClick={() => switchStore.mutate(row.shop_id)}
                  data-testid="store-switch"
                >
                  {t('account.shop.switch')}
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
