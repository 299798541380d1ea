import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CampaignListPage } from './campaign-list-page.tsx';
import { ToolboxPanel } from './toolbox-panel.tsx';

/**
 * /custom: the campaign centre. The campaigns first; the toolbox (the blocked-product list and the
 * link generator) in a second tab, chosen by `?tab=toolbox`, so a link can open it and a reload keeps it.
 */
export function CampaignCentrePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'toolbox' ? 'toolbox' : 'campaigns';
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('campaigns.title')}</Typography.Title>
        {tab === 'campaigns' && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/custom/strategy-edit')} data-testid="campaign-create">
            {t('campaigns.create')}
          </Button>
        )}
      </Flex>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'toolbox' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'campaigns', label: <span data-testid="tab-custom-campaigns">{t('campaigns.tabs.campaigns')}</span>, children: <CampaignListPage /> },
          { key: 'toolbox', label: <span data-testid="tab-custom-toolbox">{t('campaigns.tabs.toolbox')}</span>, children: <ToolboxPanel /> },
        ]}
        destroyOnHidden
      />
    </Flex>
  );
}
