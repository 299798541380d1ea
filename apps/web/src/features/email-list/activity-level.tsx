import { QuestionCircleOutlined } from '@ant-design/icons';
import type { ActivityLevel } from '@storecast/contract';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ActivityLevel, string> = { S: 'gold', A: 'green', B: 'blue', C: 'default' };

export function LevelTag({ level }: { level: ActivityLevel }) {
  return <Tag color={COLORS[level]} data-testid="activity-level">{level}</Tag>;
}

/** The definition of the levels, next to wherever a level is shown (apps/server/src/modules/audience/README.md). */
export function LevelHelp() {
  const { t } = useTranslation();
  return (
    <Tooltip title={<div style={{ whiteSpace: 'pre-line' }}>{t('emailList.level.help')}</div>}>
      <QuestionCircleOutlined aria-label={t('emailList.level.helpLabel')} data-testid="activity-level-help" />
    </Tooltip>
  );
}

export function LevelWithHelp({ level }: { level: ActivityLevel }) {
  return (
    <Space size={4}>
      <LevelTag level={level} />
      <LevelHelp />
    </Space>
  );
}
