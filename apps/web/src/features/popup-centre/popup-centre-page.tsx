import { PlusOutlined } from '@ant-design/icons';
import type { DataOf, api } from '@storecast/contract';
import { App, Button, Flex, Space, Switch, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastSuccess } from '../../shared/api/toast.ts';
import { formatNumber } from '../../shared/format/format-date.ts';
import { formatRate, HideMenuButton, PopupDailyChart } from '../popup-editor/index.ts';
import { usePopupActions, usePopupList } from './queries.ts';

type Row = DataOf<typeof api.popup.list>[number];

/** /custom-popup: the pop-up centre's list, with on/off, numbers, edit and delete. */
export function PopupCentrePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const list = usePopupList();
  const { setEnabled, remove } = usePopupActions();
  const n = (v: number) => formatNumber(v, i18n.language);

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('menu.customPopup')}</Typography.Title>
        <Space wrap>
          <HideMenuButton flag="popup_strategy" />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/custom-popup/template')} data-testid="popup-create">
            {t('popup.centre.create')}
          </Button>
        </Space>
      </Flex>
      <Typography.Text type="secondary">{t('popup.centre.intro')}</Typography.Text>
      <Table<Row>
        rowKey={(r) => r.id ?? ''}
        loading={list.isPending}
        dataSource={list.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('popup.centre.empty') }}
        // A pop-up's 30 days as a chart, drawn only when its row is opened.
        expandable={{ expandedRowRender: (r) => <PopupDailyChart id={r.id} />, rowExpandable: (r) => !!r.id }}
        onRow={(r) => ({ 'data-testid': 'popup-row', 'data-popup-id': r.id ?? '' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('popup.centre.name'), dataIndex: 'name', render: (name: string) => <span data-testid="popup-row-name">{name}</span> },
          {
            title: t('popup.centre.status'), key: 'enabled',
            render: (_, r) => (
              <Switch
                checked={r.enabled}
                loading={setEnabled.isPending && setEnabled.variables.id === r.id}
                onChange={(enabled) => setEnabled.mutate({ id: r.id!, enabled })}
                data-testid="popup-row-enabled"
              />
            ),
          },
          { title: t('popup.views'), key: 'views', render: (_, r) => <span data-testid="popup-row-views">{n(r.totals.views)}</span> },
          { title: t('popup.signUps'), key: 'sign_ups', render: (_, r) => <span data-testid="popup-row-sign-ups">{n(r.totals.sign_ups)}</span> },
          { title: t('popup.rate'), key: 'rate', render: (_, r) => <span data-testid="popup-row-rate">{formatRate(r.totals.rate, i18n.language)}</span> },
          {
            title: t('common.actions'), key: 'actions',
            render: (_, r) => (
              <Space>
                <Button size="small" onClick={() => void navigate(`/custom-popup/content?id=${r.id}`)} data-testid="popup-row-edit">{t('common.edit')}</Button>
                <Button size="small" onClick={() => void navigate(`/custom-popup/condition?id=${r.id}`)} data-testid="popup-row-conditions">{t('popup.centre.conditions')}</Button>
                <Button
                  size="small"
                  danger
                  onClick={() => modal.confirm({
                    title: t('popup.centre.deleteConfirm', { name: r.name }),
                    okButtonProps: { danger: true },
                    onOk: async () => {
                      await remove.mutateAsync(r.id!);
                      toastSuccess(t('popup.centre.deleted'));
                    },
                  })}
                  data-testid="popup-row-delete"
                >
                  {t('popup.centre.delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}
