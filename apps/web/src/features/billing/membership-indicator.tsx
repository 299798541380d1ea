import { CrownOutlined } from '@ant-design/icons';
import { effectiveLevel, isTopPlan } from '@storecast/contract';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { levelNameKey } from './level-name.ts';
import { useVipInfo } from './queries.ts';

/** Header: membership level, shown once known, with an upgrade link below the top plan. */
export function MembershipIndicator() {
  const { t } = useTranslation();
  const { data } = useVipInfo();
  if (!data) return null;
  return (
    <Space size={4} data-testid="header-membership">
      <Tag icon={<CrownOutlined />} color={effectiveLevel(data) > 0 ? 'gold' : 'default'} data-testid="header-membership-level">
        {t(levelNameKey(effectiveLevel(data)))}
      </Tag>
      {!isTopPlan(data) && (
        <Link to="/store/vip-plan" data-testid="header-upgrade">
          {t('billing.membership.upgrade')}
        </Link>
      )}
    </Space>
  );
}
